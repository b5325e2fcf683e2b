export { createTxtLookup, DnsLookupError, type TxtLookup } from './txt.js';
