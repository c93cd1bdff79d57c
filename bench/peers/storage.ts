/**
 * Where bench:peers keeps the contestants' state (issue 33): once on a real disk, once on tmpfs,
 * in the same run. A directory's filesystem is read from /proc/mounts (the longest mount point
 * that holds it), so the report says what each storage really was.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/devserver';

export type StorageName = 'disk' | 'tmpfs';

export interface Storage {
	name: StorageName;
	/** Parent of each server's fresh state directory. */
	dir: string;
	/** Filesystem type of `dir` ("ext4", "tmpfs"…; "?" where /proc/mounts is missing). */
	fs: string;
}

const MEMORY_FS = new Set(['tmpfs', 'ramfs']);

/** The filesystem type of `dir` (its longest mount point in /proc/mounts). */
export function fsType(dir: string): string {
	if (!existsSync('/proc/mounts')) return '?';
	const path = realpathSync(dir);
	let best = { at: '', type: '?' };
	for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
		const [, at, type] = line.split(' ');
		if (!at || !type) continue;
		const mount = at.replace(/\\040/g, ' ');
		const inside = mount === '/' || path === mount || path.startsWith(mount + '/');
		if (inside && mount.length >= best.at.length) best = { at: mount, type };
	}
	return best.type;
}

export const inMemory = (s: Storage) => MEMORY_FS.has(s.fs);

/**
 * The disk: `wanted`, else the system's temporary directory unless that is in memory, else the
 * repository's git-ignored .wrangler/ (on the disk the checkout is on). tmpfs: `wanted`, else
 * /dev/shm where there is one.
 */
export function storages(pick: StorageName[], wanted: { disk?: string; tmpfs?: string }): Storage[] {
	const out: Storage[] = [];
	for (const name of pick) {
		let dir: string | undefined;
		if (name === 'disk') {
			dir = wanted.disk;
			if (!dir) {
				dir = tmpdir();
				if (MEMORY_FS.has(fsType(dir))) {
					dir = join(ROOT, '.wrangler', 'bench-peers');
					mkdirSync(dir, { recursive: true });
				}
			}
		} else {
			dir = wanted.tmpfs ?? (existsSync('/dev/shm') ? '/dev/shm' : undefined);
			if (!dir) throw new Error('no tmpfs: pass --tmpfs DIR or --storage disk');
		}
		if (!existsSync(dir)) throw new Error(`--${name}: ${dir} does not exist`);
		const fs = fsType(dir);
		if ((name === 'tmpfs') !== MEMORY_FS.has(fs)) console.error(`bench:peers: warning: the ${name} storage ${dir} is ${fs}`);
		out.push({ name, dir, fs });
	}
	return out;
}
