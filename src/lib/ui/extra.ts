/**
 * UI entries besides the app's own kinds: none in the app. The tests and a test build put
 * tests/ui/extra.ts in this module's place (tests/kinds/test-kinds.js), with the UI of the test kind
 * Take-away — the counterpart of src/lib/games/extra.ts for the UI registry (src/lib/ui/kinds.ts).
 */
import type { KindUI, RulesLoader } from '$lib/ui/kinds';

export const extraUI: Readonly<Record<string, KindUI>> = {};
export const extraRules: Readonly<Record<string, RulesLoader>> = {};
