import schemaJson from '../../schema/config.schema.json'

/**
 * The part of JSON Schema that `schema/config.schema.json` uses. That file is the one statement of
 * what config.json may hold: editors read it through `$schema`, and `parseConfig` checks against
 * it with `checkSchema` below, so adding a key is one entry there (plus its default and type).
 */
export interface SchemaNode {
  type?: JsonType | JsonType[]
  enum?: readonly unknown[]
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  pattern?: string
  items?: SchemaNode
  properties?: Record<string, SchemaNode>
  additionalProperties?: boolean | SchemaNode
  required?: string[]
  description?: string
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array'

export const CONFIG_SCHEMA = schemaJson as SchemaNode

/** A value that breaks the schema (an error), or a key the schema does not know (a warning). */
export interface SchemaIssue {
  path: string[]
  kind: 'invalid' | 'unknown-key'
  message: string
  /** For an unknown key: the keys allowed beside it. */
  known?: string[]
}

/** Recursion follows the schema, which is a few levels deep, never the depth of the value. */
export function checkSchema(value: unknown, schema: SchemaNode, path: string[] = []): SchemaIssue[] {
  const invalid = (message: string): SchemaIssue[] => [
    { path, kind: 'invalid', message: `is ${shown(value)}: it ${message}` },
  ]
  if (schema.enum && !schema.enum.includes(value))
    return invalid(`must be one of ${schema.enum.map(v => JSON.stringify(v)).join(', ')}`)
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]
  if (types.length > 0 && !types.some(type => hasType(value, type))) return invalid(`must be ${describe(schema)}`)
  if (typeof value === 'number' && !inBounds(value, schema)) return invalid(`must be ${describe(schema)}`)
  if (typeof value === 'string' && schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
    return invalid(`must be ${describe(schema)}`)
  const issues: SchemaIssue[] = []
  if (Array.isArray(value) && schema.items) {
    const items = schema.items
    value.forEach((item, index) => {
      issues.push(...checkSchema(item, items, [...path, String(index)]))
    })
  }
  if (isObject(value) && (schema.properties || schema.additionalProperties !== undefined)) {
    for (const key of schema.required ?? [])
      if (!(key in value)) issues.push({ path, kind: 'invalid', message: `needs "${key}"` })
    const known = Object.keys(schema.properties ?? {})
    for (const [key, child] of Object.entries(value)) {
      const childSchema = schema.properties?.[key]
      if (childSchema) issues.push(...checkSchema(child, childSchema, [...path, key]))
      else if (typeof schema.additionalProperties === 'object')
        issues.push(...checkSchema(child, schema.additionalProperties, [...path, key]))
      else if (schema.additionalProperties === false)
        issues.push({ path: [...path, key], kind: 'unknown-key', message: 'is not a known key', known })
    }
  }
  return issues
}

/** A value as the message quotes it: short, on one line. */
function shown(value: unknown): string {
  // JSON.stringify writes a number too large for a double (`1e400`, read as Infinity) as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return `${value} (a number too large to hold)`
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

function hasType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'null':
      return value === null
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isObject(value)
    case 'integer':
      return Number.isInteger(value)
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    default:
      return typeof value === type
  }
}

function inBounds(value: number, s: SchemaNode): boolean {
  return (
    (s.minimum === undefined || value >= s.minimum) &&
    (s.maximum === undefined || value <= s.maximum) &&
    (s.exclusiveMinimum === undefined || value > s.exclusiveMinimum) &&
    (s.exclusiveMaximum === undefined || value < s.exclusiveMaximum)
  )
}

/** "an integer of at least 1", "a number above 0 and below 1", "a list of numbers", "null". */
function describe(s: SchemaNode): string {
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]
  const words = types.map(type => {
    if (type === 'array') return s.items ? `a list of ${plural(s.items)}` : 'a list'
    if (type === 'object') return 'an object'
    if (type === 'null') return 'null'
    if (type === 'integer') return `a whole number${bounds(s)}`
    if (type === 'number') return `a number${bounds(s)}`
    if (type === 'string') return s.pattern === '\\S' ? 'a non-empty string' : 'a string'
    return `a ${type}`
  })
  return words.join(' or ')
}

function plural(s: SchemaNode): string {
  const one = describe(s)
  return one.replace(/^an? (\w+)/, (_, noun: string) => `${noun}s`)
}

function bounds(s: SchemaNode): string {
  const parts: string[] = []
  if (s.minimum !== undefined) parts.push(`of at least ${s.minimum}`)
  if (s.exclusiveMinimum !== undefined) parts.push(`above ${s.exclusiveMinimum}`)
  if (s.maximum !== undefined) parts.push(`at most ${s.maximum}`)
  if (s.exclusiveMaximum !== undefined) parts.push(`below ${s.exclusiveMaximum}`)
  return parts.length === 0 ? '' : ` ${parts.join(' and ')}`
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
