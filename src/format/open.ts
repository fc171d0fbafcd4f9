import type { FormatterSetting } from "../settings/targets.js";
import { BiomeFormatter } from "./biome.js";
import { CommandFormatter } from "./command.js";
import { chooseFormatter, type FormatterPlace } from "./detect.js";
import { NoFormatter, type FormatCache, type Formatter } from "./formatter.js";
import { PrettierFormatter } from "./prettier.js";

/**
 * The formatter of an output folder: the one the setting names, else the host's (detect.ts).
 * Throws a FormatterError when it cannot be used. Call `close()` when done.
 */
export function openFormatter(
  setting: FormatterSetting | undefined,
  place: FormatterPlace,
  cache?: FormatCache,
): Formatter {
  const choice = chooseFormatter(setting, place);
  const { outDir, display } = place;
  switch (choice.kind) {
    case "prettier":
      return new PrettierFormatter({
        entry: choice.entry,
        version: choice.version,
        outDir,
        display,
        cache,
      });
    case "biome":
      return new BiomeFormatter({ ...choice, outDir, display, cache });
    case "command":
      return new CommandFormatter({ ...choice, outDir, display });
    case "none":
      return new NoFormatter(cache);
  }
}
