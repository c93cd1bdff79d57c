/**
 * Reading an export of any kind (docs/export.md): v2 names its kind; a v1 export (before kinds) is a
 * game of the legacy kind (LEGACY_KIND_ID), read by that kind's `legacyExport`. Platform code: it reaches kinds only
 * through the registry.
 */
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, fail, ok, type Kind, type GameExportV2, type Result } from '$lib/engine';
import { LEGACY_KIND_ID, kindOf } from './index';

export function readExport(raw: unknown): Result<{ kind: Kind; export: GameExportV2 }> {
	const e = raw as Partial<GameExportV2> & { formatVersion?: number; game?: string };
	if (!e || typeof e !== 'object' || e.format !== EXPORT_FORMAT) return fail('BAD_FORMAT', 'not a rongo game export');
	if (e.formatVersion === EXPORT_FORMAT_VERSION) {
		const kind = kindOf(e.kind);
		return kind ? ok({ kind, export: e as GameExportV2 }) : fail('UNKNOWN_KIND', `no kind ${String(e.kind)} here`);
	}
	const kind = kindOf(e.game ?? LEGACY_KIND_ID);
	if (!kind?.legacyExport) return fail('BAD_FORMAT', `export format version ${String(e.formatVersion)} is not read here`);
	const up = kind.legacyExport(raw);
	return up.ok ? ok({ kind, export: up.value }) : up;
}
