// ys.js — the Ys board. Until the Ys view is drawn, show it as readable data.
export { GenericBoard as Board } from './common.js';
