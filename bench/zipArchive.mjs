// A minimal zip archive writer (PKWARE APPNOTE 6.3: local file headers, central directory, end
// record; no zip64, no data descriptors) for the hostile .eval inputs of bench/hostileInputs.mjs and
// test/cli/badInput/readers.catalogue.test.ts, and the inspect logs of test/fixtures/trees/make-trees.mjs. Entries come deflated already, with the CRC-32 and the
// inflated size to state (which may lie: that is the point of some inputs). An entry may be stored
// (method 0: `packed` is the data itself); more than 65 535 entries get the zip64 end records
// (APPNOTE 4.3.14–4.3.15) that inspect_ai's writer (Python's zipfile) adds for such archives.

/** @param {Array<{ name: string, packed: Buffer, crc: number, size: number, method?: 0 | 8 }>} entries deflated (method 8, the default) or stored (0) */
export function zipArchive(entries) {
  const parts = [];
  const central = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method ?? 8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.packed.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.method ?? 8, 10);
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
  const zip64 = entries.length > 0xffff;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 8);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  if (!zip64) return Buffer.concat([...parts, directory, end]);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries.length), 24);
  record.writeBigUInt64LE(BigInt(entries.length), 32);
  record.writeBigUInt64LE(BigInt(directory.length), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([...parts, directory, record, locator, end]);
}
