export { add, demote, type EditResult, itemAt, type LocatedItem, move, promote, prune } from './edit.js'
export { rankOf, type Standing, sameStatus, standingOf } from './ladder.js'
export { type TriageItem, type TriageNote, type TriageStatus, type TriageView, triageView } from './view.js'
