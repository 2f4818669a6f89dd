/**
 * The payer's first and last name from the order's contact name (one free field of letters and
 * spaces, spec §5). A gateway form asks for both (ABA PayWay's firstname / lastname). When the
 * name starts or ends with the surname of one of the order's passengers, that is the last name
 * (travellers in Cambodia and China often write the family name first); otherwise the last word.
 */
export function splitContactName(
  name: string,
  surnames: string[] = [],
): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  const lower = words.map((w) => w.toLowerCase());
  const known = [...new Set(surnames.map((s) => s.trim().toLowerCase()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  for (const surname of known) {
    const parts = surname.split(/\s+/);
    if (parts.length >= words.length) continue;
    if (parts.every((p, i) => lower[i] === p)) {
      return {
        firstName: words.slice(parts.length).join(' '),
        lastName: words.slice(0, parts.length).join(' '),
      };
    }
    const from = words.length - parts.length;
    if (parts.every((p, i) => lower[from + i] === p)) {
      return { firstName: words.slice(0, from).join(' '), lastName: words.slice(from).join(' ') };
    }
  }
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] ?? '' };
}
