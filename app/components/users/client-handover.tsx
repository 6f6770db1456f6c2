/**
 * The handover prompt when a user is deactivated or deleted: who takes their clients. `form` ties
 * the select to a form elsewhere on the page, so it posts with it (JavaScript or not).
 */
export function ClientHandoverSelect({
  userName,
  clientCount,
  owners,
  when,
  form,
}: {
  userName: string;
  clientCount: number;
  owners: { id: string; name: string }[];
  when: string;
  form?: string;
}) {
  if (clientCount === 0) return null;
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
      <label htmlFor="hand-clients-to" className="label">
        {when}, hand {userName}&apos;s {clientCount} client{clientCount === 1 ? "" : "s"} to
      </label>
      <select id="hand-clients-to" name="handClientsTo" form={form} defaultValue="" className="input mt-1">
        <option value="">Nobody (leave them unassigned)</option>
        {owners.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
