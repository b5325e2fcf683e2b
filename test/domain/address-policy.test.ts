import { isLoopbackAddress, judgeAddress } from '../../src/domain/address-policy.js';

describe('address policy', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '127.0.0.1',
    '127.8.8.8',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '2001:db8::1',
  ])('refuses %s', (address) => {
    expect(judgeAddress(address, { allowLoopback: false }).allowed).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'allows public %s',
    (address) => {
      expect(judgeAddress(address, { allowLoopback: false }).allowed).toBe(true);
    },
  );

  it('allows loopback only when the (test) policy says so, and nothing else private', () => {
    expect(judgeAddress('127.0.0.1', { allowLoopback: true }).allowed).toBe(true);
    expect(judgeAddress('::1', { allowLoopback: true }).allowed).toBe(true);
    expect(judgeAddress('10.0.0.1', { allowLoopback: true }).allowed).toBe(false);
    expect(judgeAddress('169.254.169.254', { allowLoopback: true }).allowed).toBe(false);
  });
});

describe('isLoopbackAddress (who may read /dev/mail)', () => {
  it.each(['127.0.0.1', '127.0.0.2', '127.255.255.254', '::1', '::ffff:127.0.0.1'])('%s is this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'localhost',
    '10.0.0.1',
    '192.0.2.2',
    '0.0.0.0',
    '::',
    '::ffff:10.0.0.1',
    // Loopback carried inside a routed IPv6 form is another network's machine.
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    'fe80::1%lo',
    '127.0.0.1, 203.0.113.9',
  ])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
