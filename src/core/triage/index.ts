export { triageView, type TriageView, type TriageNote, type TriageStatus, type TriageItem } from './view.js'
export { add, demote, itemAt, move, promote, prune, type EditResult, type LocatedItem } from './edit.js'
export { rankOf, sameStatus, standingOf, type Standing } from './ladder.js'
