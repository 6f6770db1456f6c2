import type { Team } from "~/domain/client-enums";

/** Catalog keys of a lead's location (emirate, all of the UAE, or country) and team, written out for the catalog check. */
export const LOCATION_KEYS: Record<string, string> = {
  dubai: "leads:locations.dubai",
  abu_dhabi: "leads:locations.abu_dhabi",
  sharjah: "leads:locations.sharjah",
  ajman: "leads:locations.ajman",
  al_ain: "leads:locations.al_ain",
  fujairah: "leads:locations.fujairah",
  ras_al_khaimah: "leads:locations.ras_al_khaimah",
  umm_al_quwain: "leads:locations.umm_al_quwain",
  uae: "leads:locations.uae",
  south_africa: "leads:locations.south_africa",
  bahrain: "leads:locations.bahrain",
  qatar: "leads:locations.qatar",
  kuwait: "leads:locations.kuwait",
  saudi_arabia: "leads:locations.saudi_arabia",
};

export const TEAM_KEYS: Record<Team, string> = {
  team_a: "leads:teams.team_a",
  team_b: "leads:teams.team_b",
  team_c: "leads:teams.team_c",
};
