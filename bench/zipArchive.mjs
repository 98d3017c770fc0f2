// A minimal zip archive writer (PKWARE APPNOTE 6.3: local file headers, central directory, end
// record; no zip64, no data descriptors) for the hostile .eval inputs of bench/hostileInputs.mjs and
// test/cli/badInput/readers.catalogue.test.ts, and the inspect logs of test/fixtures/trees/make-trees.mjs. Entries come deflated already, with the CRC-32 and the
// inflated size to state (which may lie: that is the point of some inputs).

/** @param {Array<{ name: string, packed: Buffer, crc: number, size: number }>} entries deflated (method 8) */
export function zipArchive(entries) {
  const parts = [];
  const central = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.packed.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(e.crc >>> 0, 16);
    c.writeUInt32LE(e.packed.length, 20);
    c.writeUInt32LE(e.size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    parts.push(local, name, e.packed);
    central.push(c, name);
    offset += 30 + name.length + e.packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
