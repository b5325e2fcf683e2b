export { ping } from './ping.js';
