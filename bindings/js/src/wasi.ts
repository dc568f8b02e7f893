// The WASI calls libcanasta.wasm imports, provided here so that the same
// package runs in Node and in browsers without node:wasi.
//
// wasi-libc's stdio links in fd_write, fd_seek and fd_close; the library
// never writes to a file itself (every text goes out through its
// arguments), so these only have to be safe.  fd_write forwards stdout and
// stderr to a callback (console by default) in case a future build prints
// a diagnostic; every other descriptor is refused with EBADF.

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;

/** Where the module's stdout (fd 1) and stderr (fd 2) go. */
export type OutputSink = (fd: 1 | 2, text: string) => void;

const defaultSink: OutputSink = (fd, text) => {
  if (fd === 1) console.log(text);
  else console.error(text);
};

/** The import object for WebAssembly.instantiate. */
export function wasiImports(
  memory: () => WebAssembly.Memory,
  sink: OutputSink = defaultSink,
): WebAssembly.Imports {
  const decoder = new TextDecoder();
  return {
    wasi_snapshot_preview1: {
      fd_write(fd: number, iovs: number, iovsLen: number, nwritten: number): number {
        if (fd !== 1 && fd !== 2) return ERRNO_BADF;
        const view = new DataView(memory().buffer);
        const bytes = new Uint8Array(memory().buffer);
        let text = "";
        let total = 0;
        for (let i = 0; i < iovsLen; i++) {
          const base = view.getUint32(iovs + i * 8, true);
          const len = view.getUint32(iovs + i * 8 + 4, true);
          text += decoder.decode(bytes.subarray(base, base + len));
          total += len;
        }
        view.setUint32(nwritten, total, true);
        // An exception must not unwind through the C code that is writing
        // (it would leave the library's state half changed): a sink that
        // throws loses the text, nothing else.
        try {
          if (text.length > 0) sink(fd, text.replace(/\n$/, ""));
        } catch {
          /* dropped */
        }
        return ERRNO_SUCCESS;
      },
      fd_seek(): number {
        return ERRNO_BADF;
      },
      fd_close(): number {
        return ERRNO_BADF;
      },
    },
  };
}

/** The WASI functions wasiImports provides (the module may import no others). */
export const WASI_FUNCTIONS: readonly string[] = ["fd_write", "fd_seek", "fd_close"];
