// Prints a V8 CPU profile's (node --cpu-prof) top functions by self time, as the README's tables
// show them. Run: npx node bench/profile-summary.ts <file.cpuprofile> [how many, default 25]
import { readFile } from "node:fs/promises";
import path from "node:path";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const [file, howMany = "25"] = process.argv.slice(2);
if (!file) throw new Error("usage: profile-summary.ts <file.cpuprofile> [count]");
const profile = JSON.parse(await readFile(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** node_modules/<package>/… or the path inside the repository, with the line. */
function describe({ functionName, url, lineNumber }: ProfileNode["callFrame"]): string {
  const name = functionName || "(anonymous)";
  if (!url) return name;
  const local = url.replace(/^file:\/\//, "");
  const inModules = local.lastIndexOf("node_modules/");
  const where =
    inModules >= 0
      ? local.slice(inModules + "node_modules/".length)
      : path.relative(process.cwd(), local);
  return `${name} (${where}:${lineNumber + 1})`;
}

const selfMicros = new Map<string, number>();
let totalMicros = 0;
profile.samples.forEach((nodeId, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  totalMicros += delta;
  const node = byId.get(nodeId);
  if (!node) return;
  const key = describe(node.callFrame);
  selfMicros.set(key, (selfMicros.get(key) ?? 0) + delta);
});

const rows = [...selfMicros].sort((a, b) => b[1] - a[1]).slice(0, Number(howMany));
console.log(`${(totalMicros / 1e6).toFixed(1)} s sampled\n`);
console.log("| function (self time) | ms | share |");
console.log("| --- | ---: | ---: |");
for (const [name, micros] of rows) {
  console.log(
    `| ${name.replaceAll("|", "\\|")} | ${(micros / 1000).toFixed(0)} | ${((micros / totalMicros) * 100).toFixed(1)}% |`,
  );
}
