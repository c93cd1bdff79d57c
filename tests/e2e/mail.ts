// The development mailbox's links, shared with the seed (scripts/lib/mail.ts).
export { confirmAddress, mailedLink } from '../../scripts/lib/mail';
