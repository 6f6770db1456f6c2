// Steps of a test run (npm test, npm run test:pg): each a command whose output is printed when it ends,
// under its title, so steps run side by side never interleave their lines.
import { spawn } from "node:child_process";

/** Seconds since a Date.now(), as the steps print them. */
export const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs one step; resolves when it exits 0, else prints its output and rejects. */
export function step(title, cmd, args, { env = {} } = {}) {
  const started = Date.now();
  console.log(`▶ ${title}`);
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => {
      if (output.trim()) console.log(`\n── ${title} ──\n${output.trimEnd()}`);
      if (code === 0) {
        console.log(`✓ ${title} (${seconds(started)})`);
        done();
      } else fail(new Error(`${title}: exit ${code ?? signal} after ${seconds(started)}`));
    });
  });
}

/** Runs every line; a failed line does not stop the others, but fails the whole. */
export async function allOf(...lines) {
  const results = await Promise.allSettled(lines);
  const failed = results.filter((result) => result.status === "rejected");
  if (failed.length) throw new Error(failed.map((result) => result.reason.message).join("; "));
}
