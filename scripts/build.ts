// `npm run build` (run by `prepack`): compiles the generator (src) to dist/ with the
// project's TypeScript, and copies the support modules next to the compiled module that reads
// them as text (emit/supportModules.ts copies them into every output folder), and src/tsMorph.js
// with its types. An argument names another folder to build into (the tests build their own
// copy: tests/helpers/build.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(process.argv[2] ?? path.join(root, "dist"));
fs.rmSync(dist, { recursive: true, force: true });
const tsc = path.join(root, "node_modules/typescript/bin/tsc");
execFileSync(
  process.execPath,
  [tsc, "-p", path.join(root, "tsconfig.build.json"), "--outDir", dist],
  { stdio: "inherit" },
);
const support = path.join(root, "src/support");
for (const name of fs
  .readdirSync(support)
  .filter((file) => file.endsWith(".ts"))
  .sort())
  fs.copyFileSync(path.join(support, name), path.join(dist, "support", name));
// A module written in JavaScript with its types beside it (tsc emits neither): ts-morph loaded
// with `require` (src/tsMorph.js says why).
for (const name of ["tsMorph.js", "tsMorph.d.ts"])
  fs.copyFileSync(path.join(root, "src", name), path.join(dist, name));
fs.chmodSync(path.join(dist, "bin.js"), 0o755);
