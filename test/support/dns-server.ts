import dns2 from 'dns2';

/** A real DNS server on loopback whose answers a test sets: name -> addresses (A and AAAA), name -> TXT records. */
export interface TestDns {
  /** ip:port for CRAWL_DNS_SERVER */
  server: string;
  set(name: string, answer: string[] | (() => string[])): void;
  /** TXT records of a name; none at all (an empty list) answers NODATA. */
  setTxt(name: string, records: string[]): void;
  queriesFor(name: string): number;
  close(): Promise<void>;
}

export async function startTestDns(): Promise<TestDns> {
  const records = new Map<string, () => string[]>();
  const texts = new Map<string, string[]>();
  const queries = new Map<string, number>();
  const { Packet } = dns2;
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = question.name.toLowerCase();
    queries.set(name, (queries.get(name) ?? 0) + 1);
    if (question.type === Packet.TYPE.TXT && (texts.has(name) || records.has(name))) {
      for (const data of texts.get(name) ?? []) {
        response.answers.push({
          name: question.name,
          type: Packet.TYPE.TXT,
          class: Packet.CLASS.IN,
          ttl: 0,
          data,
        } as (typeof response.answers)[number]);
      }
      void send(response);
      return;
    }
    const answer = records.get(name);
    if (!answer) {
      response.header.rcode = 3; // NXDOMAIN
      void send(response);
      return;
    }
    const wantV6 = question.type === Packet.TYPE.AAAA;
    for (const address of answer()) {
      if (address.includes(':') !== wantV6) continue;
      response.answers.push({
        name: question.name,
        type: question.type,
        class: Packet.CLASS.IN,
        ttl: 0,
        address,
      } as (typeof response.answers)[number]);
    }
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as { port: number };
  return {
    server: `127.0.0.1:${port}`,
    set: (name, answer) => records.set(name.toLowerCase(), typeof answer === 'function' ? answer : () => answer),
    setTxt: (name, txt) => texts.set(name.toLowerCase(), txt),
    queriesFor: (name) => queries.get(name.toLowerCase()) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
