/**
 * The settings pages, in the order of the settings navigation (+layout.svelte). A feature with a
 * settings page adds one line here; `label` is a message of the i18n catalog.
 */
import { m } from '$lib/paraglide/messages';

export interface SettingsPage {
	path: string;
	label: () => string;
}

export const SETTINGS_PAGES: SettingsPage[] = [
	{ path: '/settings/account', label: m.account_nav },
	{ path: '/settings/passkeys', label: m.passkeys_nav },
	{ path: '/settings/sessions', label: m.nav_sessions },
	{ path: '/settings/notifications', label: m.nav_notifications },
	{ path: '/settings/data', label: m.leave_nav }
];
