/**
 * X25519 (RFC 7748 §5) in BigInt, for the forge fallback only: node-forge has no X25519.
 *
 * NOT constant-time: BigInt arithmetic and the branchy swap leak timing that depends on the
 * private scalar. Acceptable only because it runs where WebCrypto is missing (plain-http LAN
 * pages), on ephemeral keys used once, and an attacker would need precise timing of this tab.
 */
const P = 2n ** 255n - 19n;
const A24 = 121_665n;

function mod(a: bigint): bigint {
  const r = a % P;
  return r < 0n ? r + P : r;
}

function pow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = mod(base);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = mod(result * b);
    b = mod(b * b);
  }
  return result;
}

function decodeLittleEndian(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]);
  return n;
}

function encodeLittleEndian(n: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((n >> BigInt(8 * i)) & 255n);
  return out;
}

function checkLength(bytes: Uint8Array, what: string): void {
  if (bytes.length !== 32) throw new RangeError(`X25519 ${what} must be 32 bytes`);
}

/** X25519(k, u): scalar clamped, top bit of u masked, non-canonical u reduced, per RFC 7748. */
export function x25519(scalar: Uint8Array, uCoordinate: Uint8Array): Uint8Array {
  checkLength(scalar, 'scalar');
  checkLength(uCoordinate, 'u-coordinate');
  const k = Uint8Array.from(scalar);
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
  const u = Uint8Array.from(uCoordinate);
  u[31] &= 127;
  const kn = decodeLittleEndian(k);
  const x1 = mod(decodeLittleEndian(u));

  // Montgomery ladder, RFC 7748 §5 pseudocode.
  let [x2, z2, x3, z3] = [1n, 0n, x1, 1n];
  let swap = 0n;
  for (let t = 254n; t >= 0n; t--) {
    const bit = (kn >> t) & 1n;
    swap ^= bit;
    if (swap) [x2, x3, z2, z3] = [x3, x2, z3, z2];
    swap = bit;
    const a = mod(x2 + z2);
    const aa = mod(a * a);
    const b = mod(x2 - z2);
    const bb = mod(b * b);
    const e = mod(aa - bb);
    const c = mod(x3 + z3);
    const d = mod(x3 - z3);
    const da = mod(d * a);
    const cb = mod(c * b);
    x3 = mod((da + cb) ** 2n);
    z3 = mod(x1 * mod((da - cb) ** 2n));
    x2 = mod(aa * bb);
    z2 = mod(e * (aa + A24 * e));
  }
  if (swap) [x2, z2] = [x3, z3];
  return encodeLittleEndian(mod(x2 * pow(z2, P - 2n)));
}

/** The base point u = 9. */
export const X25519_BASE_POINT: Uint8Array = encodeLittleEndian(9n);

export function x25519PublicKey(privateKey: Uint8Array): Uint8Array {
  return x25519(privateKey, X25519_BASE_POINT);
}
