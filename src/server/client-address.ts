import net from 'node:net';

/**
 * The address a client is known by, wherever one address's share is limited (reports' weight,
 * full task lists at once): an IPv4 address whole, an IPv6 one by its /64, since one host is
 * handed a whole /64 and could otherwise come from as many addresses as it likes.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv4(ip) || !net.isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const parts = (text: string | undefined) => (text ? text.split(':') : []);
  const missing = 8 - parts(head).length - parts(tail).length;
  const groups = [...parts(head), ...Array<string>(Math.max(missing, 0)).fill('0'), ...parts(tail)];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
