/**
 * Rapa Nui's scenario files for `npm run scenario` (docs/rapanui.md § Scenario files): the common
 * format of engine/scenario.ts; the file's `startPlayer`, `colours`, `deck` and `position` are the
 * kind's scenario extra (kind.ts). Examples: tests/scenarios/rapanui/*.json.
 */
import { runKindFile, type FileRun } from '$lib/engine/scenario';
import { erase } from '$lib/engine';
import { rapanuiKind } from './kind';

export const runFile = (raw: unknown, o: { seat?: string; log?: boolean }): FileRun => runKindFile(erase(rapanuiKind), raw, o);
