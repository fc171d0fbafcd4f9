// The generator's command line from source (the installed command is src/codegen/bin.ts,
// compiled): `npm run gen` runs that file directly; this path is kept for scripts that use it.
import "../src/codegen/bin.js";
