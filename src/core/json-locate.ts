/**
 * Where things are in a JSON text: the first syntax error's offset, and each key's offset by its
 * path (`fsrs.retention`, `hygiene.ignore.0.rule`). JSON.parse gives neither reliably (its message
 * differs from engine to engine and names no line), and a config error must name line and column.
 * Iterative (an explicit stack), so no nesting depth can overflow the call stack.
 */
export type JsonLocation =
  | { ok: true; keys: Map<string, number>; duplicates: JsonDuplicate[] }
  | { ok: false; offset: number; message: string }

/**
 * A key given twice in one object (`{"a": 1, "a": 2}`): JSON.parse keeps the last silently.
 * `offset` is this later one's, `first` the earlier one's; `keys` holds the last of each.
 */
export interface JsonDuplicate {
  path: string
  offset: number
  first: number
}

/** Null below MAX_PATH_DEPTH: paths of deeper keys are not kept (they would cost depth² to build). */
type Frame = { kind: 'object' | 'array'; path: string | null; index: number; key: string | null }

/** Keys are located down to this depth; a config is a few levels deep. */
const MAX_PATH_DEPTH = 16

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y

export function locateJson(text: string): JsonLocation {
  const keys = new Map<string, number>()
  const duplicates: JsonDuplicate[] = []
  const stack: Frame[] = []
  let at = 0
  const fail = (message: string): JsonLocation => ({ ok: false, offset: at, message })
  const skip = (): void => {
    while (at < text.length && WHITESPACE.has(text[at] as string)) at++
  }
  const child = (frame: Frame | undefined): string | null => {
    if (frame === undefined) return ''
    if (frame.path === null || stack.length > MAX_PATH_DEPTH) return null
    const name = frame.kind === 'array' ? String(frame.index) : (frame.key ?? '')
    return frame.path === '' ? name : `${frame.path}.${name}`
  }
  // After a value: a comma, or the end of the container (or of the text at top level).
  const afterValue = (): JsonLocation | null => {
    for (;;) {
      skip()
      const frame = stack.at(-1)
      if (frame === undefined)
        return at === text.length ? { ok: true, keys, duplicates } : fail('unexpected text after the value')
      const close = frame.kind === 'object' ? '}' : ']'
      if (text[at] === ',') {
        at++
        frame.index++
        return null
      }
      if (text[at] !== close) return fail(at === text.length ? 'the text ends too early' : `expected "," or "${close}"`)
      at++
      stack.pop()
    }
  }
  for (;;) {
    skip()
    const frame = stack.at(-1)
    if (frame?.kind === 'object') {
      STRING.lastIndex = at
      const match = STRING.exec(text)
      if (!match) {
        if (text[at] === '}' && frame.index === 0 && frame.key === null) {
          at++
          stack.pop()
          const done = afterValue()
          if (done) return done
          continue
        }
        return fail(at === text.length ? 'the text ends too early' : 'expected a key in double quotes')
      }
      frame.key = JSON.parse(match[0]) as string
      const path = child(frame)
      if (path !== null) {
        // A path seen before in this text is the same object's key again: an array's rows have
        // paths of their own (`.0`, `.1`). (A key holding a dot, `"a.b"`, beside an object `a`
        // with a key `b` would share one too; config.json has no such keys.)
        const first = keys.get(path)
        if (first !== undefined) duplicates.push({ path, offset: at, first })
        keys.set(path, at)
      }
      at += match[0].length
      skip()
      if (text[at] !== ':') return fail('expected ":" after the key')
      at++
      skip()
    }
    // A value.
    const c = text[at]
    if (c === undefined) return fail('the text ends too early')
    if (c === '{' || c === '[') {
      const path = child(frame)
      at++
      skip()
      if (c === '[' && text[at] === ']') at++
      else {
        stack.push({ kind: c === '{' ? 'object' : 'array', path, index: 0, key: null })
        continue
      }
    } else if (c === '"') {
      STRING.lastIndex = at
      const match = STRING.exec(text)
      if (!match) return fail('a string that is not closed or holds a bad escape')
      at += match[0].length
    } else if (text.startsWith('true', at) || text.startsWith('null', at)) at += 4
    else if (text.startsWith('false', at)) at += 5
    else {
      NUMBER.lastIndex = at
      const match = NUMBER.exec(text)
      if (!match) return fail(c === ']' || c === '}' ? `unexpected "${c}"` : 'expected a value')
      at += match[0].length
    }
    const done = afterValue()
    if (done) return done
  }
}

/** 1-based line and column (in UTF-16 units) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let start = 0
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    start = i + 1
  }
  return { line, column: offset - start + 1 }
}
