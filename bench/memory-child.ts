import { runMemoryChild } from './memory-steps.js'

// `node dist/cli/memory-child.js KIND DIR`: one memory measurement (bench/memory-steps.ts) in a
// process that loads only what it measures; one JSON line on stdout.
const [kind = '', dir = '.'] = process.argv.slice(2)
console.log(JSON.stringify(await runMemoryChild(kind, dir)))
