import type { AccessDenial } from "~/domain/roles";

export function AccessDeniedPanel({ denial }: { denial: AccessDenial }) {
  return (
    <div className="card mx-auto mt-10 max-w-md text-center">
      <h1 className="text-xl font-semibold text-red-800">{denial.title}</h1>
      <p className="mt-2 text-gray-700">{denial.message}</p>
    </div>
  );
}
