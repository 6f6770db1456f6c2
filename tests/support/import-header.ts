/**
 * The header row of a typical client file, as staff type it: the template's usual columns without
 * Area. Unit and integration tests build their import files under it.
 */
export const CLIENT_FILE_HEADER = [
  "Full Name",
  "Mobile Number",
  "Country",
  "Emirate",
  "Team",
  "Total Sales (AED)",
  "Last Purchase Date",
  "Date of Birth",
  "Email",
];
