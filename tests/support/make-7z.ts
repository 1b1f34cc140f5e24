import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
// 7-Zip itself (WebAssembly, a devDependency: not shipped) makes the test archives; Lantern reads them with its own reader
import SevenZip from '7z-wasm';

/** Makes .7z archives under `work` with 7-Zip itself (the dump-7z tests and the long 7z import test). */
export function sevenZipMaker(work: string) {
  let seq = 0;
  /**
   * Makes a .7z of `files` (path inside the archive → text) with its `switches` (a method, solid or not, a
   * password); `rename` then renames entries (7-Zip stores what it is told, ../ and absolute names too).
   */
  async function make7z(files: Record<string, string | Buffer>, rename: [string, string][] = [], switches: string[] = []): Promise<string> {
    const n = ++seq;
    const dir = join(work, `src-${n}`);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const archive = join(work, `a-${n}.7z`);
    const sz = await SevenZip({ print: () => {}, printErr: () => {} });
    sz.FS.mkdir('/w');
    sz.FS.mount(sz.NODEFS, { root: work }, '/w');
    sz.FS.chdir(`/w/src-${n}`);
    sz.callMain(['a', '-t7z', `/w/a-${n}.7z`, ...switches, ...Object.keys(files)]);
    for (const [from, to] of rename) sz.callMain(['rn', `/w/a-${n}.7z`, '--', from, to]);
    sz.FS.chdir('/');
    sz.FS.unmount('/w');
    if (!existsSync(archive)) throw new Error(`7-Zip made no archive of ${Object.keys(files).join(', ')}`);
    return archive;
  }

  /** 7-Zip's own technical listing of an archive ("Method = LZMA2:24", "Solid = +", "Blocks = 1", ...). */
  async function describe7z(archive: string): Promise<string> {
    const lines: string[] = [];
    const sz = await SevenZip({ print: (l: string) => lines.push(l), printErr: (l: string) => lines.push(l) });
    sz.FS.mkdir('/w');
    sz.FS.mount(sz.NODEFS, { root: dirname(archive) }, '/w');
    sz.callMain(['l', '-slt', `/w/${archive.split('/').pop()}`]);
    sz.FS.unmount('/w');
    return lines.join('\n');
  }

  return { make7z, describe7z };
}
