/**
 * A tiny DNS server on 127.0.0.1 (UDP, node:dgram) for the domain verification tests: it answers TXT
 * questions from a table the test changes at will, says NXDOMAIN for names it does not know, and can
 * fail (SERVFAIL) or stay silent (a timeout). The server under test is pointed at it with DNS_SERVERS, so
 * no test ever asks the internet.
 */
import { createSocket, type RemoteInfo } from 'node:dgram';

export interface LocalDns {
  /** "127.0.0.1:<port>", for DNS_SERVERS. */
  address: string;
  /** TXT values by name (lowercase); a name with [] exists without TXT records. */
  txt: Map<string, string[]>;
  /** 'answer' (default), 'servfail' or 'silent' (never answers). */
  mode: 'answer' | 'servfail' | 'silent';
  /** How many questions it was asked. */
  questions: number;
  close(): Promise<void>;
}

/** The question's name and where the question section ends. */
function readQuestion(message: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let offset = 12;
  while (message[offset] !== 0) {
    const length = message[offset]!;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('latin1'));
    offset += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 1 + 4 };
}

/** One TXT record: its value in strings of at most 255 bytes, as DNS carries it. */
function txtRecord(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const strings: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    strings.push(Buffer.concat([Buffer.from([chunk.length]), chunk]));
  }
  const rdata = Buffer.concat(strings);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  head.writeUInt16BE(16, 2); // TXT
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(0, 6); // TTL 0: nothing is cached between tests
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

export async function startLocalDns(): Promise<LocalDns> {
  const socket = createSocket('udp4');
  const dns: LocalDns = {
    address: '',
    txt: new Map(),
    mode: 'answer',
    questions: 0,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on('message', (message: Buffer, peer: RemoteInfo) => {
    dns.questions += 1;
    if (dns.mode === 'silent' || message.length < 17) return;
    const { name, end } = readQuestion(message);
    const qtype = message.readUInt16BE(end - 4);
    const values = dns.txt.get(name);
    const rcode = dns.mode === 'servfail' ? 2 : values === undefined ? 3 : 0;
    const answers = rcode === 0 && qtype === 16 ? values!.map(txtRecord) : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0); // the question's id
    // QR, the question's opcode and RD, AA, RA, and the answer code.
    header.writeUInt16BE(0x8000 | (message.readUInt16BE(2) & 0x7900) | 0x0400 | 0x0080 | rcode, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, message.subarray(12, end), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  dns.address = `127.0.0.1:${socket.address().port}`;
  return dns;
}
