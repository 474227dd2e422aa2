import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A tiny DNS server on 127.0.0.1 for tests: answers TXT questions from a table the test fills in
 * (`setTxt`), NXDOMAIN for any other name, and counts the questions it was asked. Point the app's
 * DNS_SERVERS at `server`.
 */
export interface DnsDouble {
  /** `127.0.0.1:{port}`, as DNS_SERVERS takes it. */
  server: string;
  setTxt(name: string, values: string[]): void;
  /** The names asked for, in order. */
  questions: string[];
  close(): Promise<void>;
}

const TYPE_TXT = 16;

/** The question's name and where the question section ends (after QTYPE and QCLASS). */
function readQuestion(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at]! > 0) {
    const length = query[at]!;
    labels.push(query.toString('latin1', at + 1, at + 1 + length));
    at += 1 + length;
  }
  const type = query.readUInt16BE(at + 1);
  return { name: labels.join('.').toLowerCase(), type, end: at + 5 };
}

function answer(query: Buffer, records: string[][] | undefined): Buffer {
  const { end } = readQuestion(query);
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // QR, the query's RD, RA; NXDOMAIN (3) when the name has no records at all.
  header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (records ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records?.length ?? 0, 6);
  const answers = (records ?? []).map((strings) => {
    const rdata = Buffer.concat(
      strings.map((text) => {
        const bytes = Buffer.from(text, 'utf8');
        return Buffer.concat([Buffer.from([bytes.length]), bytes]);
      }),
    );
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    fixed.writeUInt16BE(TYPE_TXT, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(0, 6); // TTL
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
}

export async function startDnsDouble(): Promise<DnsDouble> {
  const table = new Map<string, string[][]>();
  const questions: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    try {
      const { name, type } = readQuestion(query);
      questions.push(name);
      const records = table.get(name);
      // A known name asked for another type has no records of it (NOERROR, no answers).
      const reply = answer(query, records ? (type === TYPE_TXT ? records : []) : undefined);
      socket.send(reply, peer.port, peer.address);
    } catch {
      // A malformed question gets no answer, as from a real server that drops it.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    setTxt: (name, values) =>
      table.set(
        name.toLowerCase(),
        values.map((v) => [v]),
      ),
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
