// Keeps other windows' messages away from the runtime. Pyodide's setImmediate stand-in (in
// pyodide.asm.mjs) listens for window messages "_si" and runs the next queued callback on each,
// without asking who sent it: a parent page of an embed posting "_si" made the frame throw an
// uncaught TypeError per message. The page itself exchanges no messages with other windows, so
// a capturing listener registered before the runtime loads (first listener, first called) stops
// every window message that this window did not post itself. Workers are left alone: their
// messages come only from the page that started them.
if (typeof window !== "undefined" && globalThis === window) {
  addEventListener(
    "message",
    (event) => {
      if (event.source !== window || event.origin !== location.origin) event.stopImmediatePropagation();
    },
    true,
  );
}
