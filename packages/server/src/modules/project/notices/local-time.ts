/** `yyyy-MM-dd HH:mm:ss` at the system timezone: the contract's rule, shared with the console and the exports. */
export { localTime } from '@sc/contract';
