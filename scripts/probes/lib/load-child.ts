// Runs one load (options as JSON in argv[2]) and prints its result as JSON: see
// runLoadInChild in load.ts.
import { runLoad } from "./load";

const result = await runLoad(JSON.parse(process.argv[2]!));
process.stdout.write(JSON.stringify(result));
