/**
 * Intl.DateTimeFormat objects are slow to build (a time zone lookup each time) and cheap to reuse:
 * building one per date made the dashboard's 150 alert rows cost 14 ms. One formatter per locale
 * and options, kept for the life of the process.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
