/** The parts of espeak-ng's Emscripten build (its command-line program compiled to WASM) that are used. */
declare module "espeak-ng" {
  interface EspeakFileSystem {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
  }

  interface EspeakModule {
    FS: EspeakFileSystem;
  }

  interface EspeakOptions {
    /** the command line, without the program name */
    arguments: string[];
    /** run before main(), e.g. to write the input file */
    preRun?: Array<(module: EspeakModule) => void>;
    /** called when main() exits; Node's default sets process.exitCode */
    quit?: (status: number, toThrow: unknown) => never;
    /** instantiates the module with these imports (e.g. from a module compiled once), then calls receiveInstance */
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      receiveInstance: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) => object;
    print?: (line: string) => void;
    printErr?: (line: string) => void;
  }

  /** Instantiates the program and runs main() with `arguments`; resolves once it has run. */
  export default function ESpeakNg(options: EspeakOptions): Promise<EspeakModule>;
}

/** The parts of the WebAssembly API the espeak-ng worker uses (TypeScript declares it only in its DOM library). */
declare namespace WebAssembly {
  // biome-ignore lint/suspicious/noEmptyInterface: an opaque handle
  interface Module {}
  interface Instance {
    readonly exports: Record<string, unknown>;
  }
  type Imports = Record<string, Record<string, unknown>>;
  function compile(bytes: Uint8Array): Promise<Module>;
  function instantiate(module: Module, imports?: Imports): Promise<Instance>;
}
