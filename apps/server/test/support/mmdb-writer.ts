/**
 * Writes a small IPv4 MaxMind DB (format 2.0) mapping networks to `{country: {iso_code}}`, so the geo
 * lookup is tested against a real database file read by the real `maxmind` reader. Follows the
 * published MaxMind DB File Format spec: a binary search tree of 24-bit records, 16 zero bytes, the
 * data section, then the metadata after the "\xAB\xCD\xEFMaxMind.com" marker.
 */

type Value = string | number | Record<string, unknown>;

function control(type: number, size: number): Buffer {
  // Types above 7 are "extended": type 0 in the control byte and (type - 7) in the next byte.
  const typeBits = type <= 7 ? type << 5 : 0;
  const extended = type <= 7 ? [] : [type - 7];
  if (size < 29) return Buffer.from([typeBits | size, ...extended]);
  if (size < 29 + 256) return Buffer.from([typeBits | 29, ...extended, size - 29]);
  const rest = size - 285;
  return Buffer.from([typeBits | 30, ...extended, rest >> 8, rest & 0xff]);
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    // uint32 (type 6), minimal big-endian bytes.
    const bytes: number[] = [];
    for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
    return Buffer.concat([control(6, bytes.length), Buffer.from(bytes)]);
  }
  const entries = Object.entries(value);
  return Buffer.concat([
    control(7, entries.length),
    ...entries.flatMap(([k, v]) => [encode(k), encode(v as Value)]),
  ]);
}

export function writeCountryMmdb(networks: Array<{ cidr: string; country: string }>): Buffer {
  // Tree nodes: [left, right]; a record is a node index, `nodeCount` for "no data", or a data pointer.
  const nodes: Array<[number | Value, number | Value]> = [[-1, -1]];
  const EMPTY = -1;
  for (const { cidr, country } of networks) {
    const [address, prefixText] = cidr.split('/');
    const prefix = Number(prefixText);
    const bits = (address as string).split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
    let node = 0;
    for (let depth = 0; depth < prefix; depth++) {
      const bit = Math.floor(bits / 2 ** (31 - depth)) % 2;
      if (depth === prefix - 1) {
        (nodes[node] as [unknown, unknown])[bit] = { country: { iso_code: country } };
        break;
      }
      let next = (nodes[node] as [unknown, unknown])[bit];
      if (typeof next !== 'number' || next === EMPTY) {
        nodes.push([EMPTY, EMPTY]);
        next = nodes.length - 1;
        (nodes[node] as [unknown, unknown])[bit] = next;
      }
      node = next as number;
    }
  }
  const nodeCount = nodes.length;
  const dataParts: Buffer[] = [];
  let dataLength = 0;
  const record = (r: number | Value): number => {
    if (r === EMPTY) return nodeCount;
    if (typeof r === 'number') return r;
    const offset = dataLength;
    const bytes = encode(r);
    dataParts.push(bytes);
    dataLength += bytes.length;
    // A data record points past the tree and the 16-byte separator.
    return nodeCount + 16 + offset;
  };
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(record(left), i * 6, 3);
    tree.writeUIntBE(record(right), i * 6 + 3, 3);
  });
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 4,
    database_type: 'Sorte-Test-Country',
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    languages: {},
    description: { en: 'test' },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...dataParts,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com'),
    metadata,
  ]);
}
