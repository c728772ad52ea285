// Importing this module replaces this global scope's IndexedDB with the in-memory stand-in.
// boot.js imports it on the page when the probe finds IndexedDB unusable, and makes every
// module worker of the page (PyScript's named workers) import it first, since a worker of a
// storage-denied frame is denied IndexedDB too and PyScript's worker boot opens it as well.
import { createMemoryIndexedDB } from "./memory-indexeddb.js";

Object.defineProperty(globalThis, "indexedDB", {
  value: createMemoryIndexedDB(),
  configurable: true,
  writable: true,
});
