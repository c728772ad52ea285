// In-memory stand-in for the part of IndexedDB that PyScript's loader uses.
//
// Why: in a cross-site <iframe> whose storage the browser denies, indexedDB.open() fails,
// and PyScript's loader (which opens a package cache before starting Python) never
// finishes booting (nor does a PyScript worker of that frame). After a probe shows IndexedDB
// is unusable, boot.js installs this stand-in through indexeddb-standin.js, on the page and in
// its module workers. Data lives for the page's lifetime, all a denied frame can have.
// Covered: open (with upgrade), objectStoreNames, createObjectStore, transaction,
// objectStore, get, getKey, getAllKeys, put, add, delete, clear, count. Nothing else.

const settle = (request, action) => {
  queueMicrotask(() => {
    try {
      request.result = action();
      request.readyState = "done";
      request.dispatchEvent(new Event("success"));
    } catch (error) {
      request.error = error;
      request.readyState = "done";
      request.dispatchEvent(new Event("error"));
    }
  });
  return request;
};

class MemoryRequest extends EventTarget {
  constructor(source = null, transaction = null) {
    super();
    this.source = source;
    this.transaction = transaction;
    this.result = undefined;
    this.error = null;
    this.readyState = "pending";
    for (const type of ["success", "error", "upgradeneeded", "blocked"]) {
      this[`on${type}`] = null;
      this.addEventListener(type, (event) => this[`on${type}`]?.(event));
    }
  }
}

class MemoryObjectStore {
  constructor(name, records, transaction) {
    this.name = name;
    this.transaction = transaction;
    this.#records = records;
  }
  #records;
  #request(action) {
    return settle(new MemoryRequest(this, this.transaction), action);
  }
  get(key) { return this.#request(() => structuredClone(this.#records.get(key))); }
  getKey(key) { return this.#request(() => (this.#records.has(key) ? key : undefined)); }
  getAllKeys() { return this.#request(() => [...this.#records.keys()].sort()); }
  count() { return this.#request(() => this.#records.size); }
  put(value, key) { return this.#request(() => (this.#records.set(key, structuredClone(value)), key)); }
  add(value, key) {
    return this.#request(() => {
      if (this.#records.has(key)) throw new DOMException("Key already exists", "ConstraintError");
      this.#records.set(key, structuredClone(value));
      return key;
    });
  }
  delete(key) { return this.#request(() => void this.#records.delete(key)); }
  clear() { return this.#request(() => void this.#records.clear()); }
}

class MemoryTransaction extends EventTarget {
  constructor(db, mode) {
    super();
    this.db = db;
    this.mode = mode;
    this.error = null;
    for (const type of ["complete", "error", "abort"]) {
      this[`on${type}`] = null;
      this.addEventListener(type, (event) => this[`on${type}`]?.(event));
    }
    // Requests settle in microtasks; a macrotask later every one of them has run.
    setTimeout(() => this.dispatchEvent(new Event("complete")));
  }
  objectStore(name) {
    const records = this.db._stores.get(name);
    if (!records) throw new DOMException(`No object store named ${name}`, "NotFoundError");
    return new MemoryObjectStore(name, records, this);
  }
}

class MemoryDatabase extends EventTarget {
  constructor(name, stores) {
    super();
    this.name = name;
    this.version = 1;
    this._stores = stores;
    for (const type of ["abort", "close", "error", "versionchange"]) this[`on${type}`] = null;
  }
  get objectStoreNames() {
    const names = [...this._stores.keys()].sort();
    return Object.assign(names, { contains: (name) => this._stores.has(name) });
  }
  createObjectStore(name) {
    if (this._stores.has(name)) throw new DOMException(`Store ${name} exists`, "ConstraintError");
    this._stores.set(name, new Map());
    return new MemoryObjectStore(name, this._stores.get(name), null);
  }
  transaction(names, mode = "readonly") {
    for (const name of [].concat(names)) {
      if (!this._stores.has(name)) throw new DOMException(`No object store named ${name}`, "NotFoundError");
    }
    return new MemoryTransaction(this, mode);
  }
  close() {}
}

/** Returns an object with the IDBFactory methods PyScript calls, backed by Maps. */
export function createMemoryIndexedDB() {
  const databases = new Map();
  return {
    open(name) {
      const request = new MemoryRequest();
      queueMicrotask(() => {
        const isNew = !databases.has(name);
        if (isNew) databases.set(name, new Map());
        const db = new MemoryDatabase(name, databases.get(name));
        request.result = db;
        if (isNew) {
          request.transaction = new MemoryTransaction(db, "versionchange");
          request.dispatchEvent(new Event("upgradeneeded"));
        }
        request.readyState = "done";
        request.dispatchEvent(new Event("success"));
      });
      return request;
    },
    deleteDatabase(name) {
      return settle(new MemoryRequest(), () => void databases.delete(name));
    },
    cmp(a, b) {
      return a < b ? -1 : a > b ? 1 : 0;
    },
  };
}
