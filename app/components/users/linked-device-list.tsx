/** A user's linked authenticator devices, as their own security and authenticator pages both list them. */
export function LinkedDeviceList({ devices }: { devices: readonly { id: string; label: string; linked: string }[] }) {
  return (
    <ul className="divide-y divide-gray-100">
      {devices.map((d) => (
        <li key={d.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm" data-testid="device">
          <span className="font-medium">{d.label}</span>
          <span className="text-gray-600">Linked {d.linked}</span>
        </li>
      ))}
    </ul>
  );
}
