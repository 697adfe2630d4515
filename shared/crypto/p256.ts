import { CryptoError } from './errors.ts';

/**
 * P-256 ECDH (SEC 1, NIST curve) in BigInt, for the forge fallback only: node-forge has no ECDH.
 * Lets a fallback client key-exchange with a WebCrypto peer that lacks X25519.
 *
 * NOT constant-time: double-and-add over BigInt leaks timing that depends on the private
 * scalar. Acceptable only for the non-secure-context fallback, on single-use ephemeral keys.
 */
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;
const G: Jacobian = {
  x: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
  y: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
  z: 1n,
};

/** Jacobian coordinates (x/z², y/z³); z = 0 is the point at infinity. */
interface Jacobian {
  x: bigint;
  y: bigint;
  z: bigint;
}

const INFINITY: Jacobian = { x: 1n, y: 1n, z: 0n };

function mod(a: bigint): bigint {
  const r = a % P;
  return r < 0n ? r + P : r;
}

function invert(a: bigint): bigint {
  // Fermat: a^(p-2) mod p.
  let result = 1n;
  let base = mod(a);
  for (let e = P - 2n; e > 0n; e >>= 1n) {
    if (e & 1n) result = mod(result * base);
    base = mod(base * base);
  }
  return result;
}

/** dbl-2001-b (a = -3). */
function double(p: Jacobian): Jacobian {
  if (p.z === 0n || p.y === 0n) return INFINITY;
  const delta = mod(p.z * p.z);
  const gamma = mod(p.y * p.y);
  const beta = mod(p.x * gamma);
  const alpha = mod(3n * (p.x - delta) * (p.x + delta));
  const x = mod(alpha * alpha - 8n * beta);
  const z = mod((p.y + p.z) ** 2n - gamma - delta);
  const y = mod(alpha * (4n * beta - x) - 8n * gamma * gamma);
  return { x, y, z };
}

/** add-2007-bl. */
function add(p: Jacobian, q: Jacobian): Jacobian {
  if (p.z === 0n) return q;
  if (q.z === 0n) return p;
  const z1z1 = mod(p.z * p.z);
  const z2z2 = mod(q.z * q.z);
  const u1 = mod(p.x * z2z2);
  const u2 = mod(q.x * z1z1);
  const s1 = mod(p.y * q.z * z2z2);
  const s2 = mod(q.y * p.z * z1z1);
  const h = mod(u2 - u1);
  const r = mod(2n * (s2 - s1));
  if (h === 0n) return r === 0n ? double(p) : INFINITY;
  const i = mod(4n * h * h);
  const j = mod(h * i);
  const v = mod(u1 * i);
  const x = mod(r * r - j - 2n * v);
  const y = mod(r * (v - x) - 2n * s1 * j);
  const z = mod(((p.z + q.z) ** 2n - z1z1 - z2z2) * h);
  return { x, y, z };
}

function multiply(k: bigint, p: Jacobian): Jacobian {
  let result = INFINITY;
  for (let bit = BigInt(k.toString(2).length - 1); bit >= 0n; bit--) {
    result = double(result);
    if ((k >> bit) & 1n) result = add(result, p);
  }
  return result;
}

function toAffine(p: Jacobian): { x: bigint; y: bigint } {
  const zInv = invert(p.z);
  const zInv2 = mod(zInv * zInv);
  return { x: mod(p.x * zInv2), y: mod(p.y * zInv2 * zInv) };
}

function decodeBigEndian(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const byte of bytes) n = (n << 8n) | BigInt(byte);
  return n;
}

function encodeBigEndian(n: bigint, out: Uint8Array, offset: number): void {
  for (let i = 31; i >= 0; i--) out[offset + 31 - i] = Number((n >> BigInt(8 * i)) & 255n);
}

function decodeScalar(privateKey: Uint8Array): bigint {
  const d = privateKey.length === 32 ? decodeBigEndian(privateKey) : 0n;
  if (d === 0n || d >= N) throw new RangeError('P-256 private key must be 32 bytes in [1, n-1]');
  return d;
}

/** True for 32 bytes encoding a valid private scalar (1 ≤ d < n); used to rejection-sample. */
export function isP256PrivateKey(bytes: Uint8Array): boolean {
  const d = bytes.length === 32 ? decodeBigEndian(bytes) : 0n;
  return d > 0n && d < N;
}

/** d·G as the 65-byte uncompressed point 04‖x‖y. */
export function p256PublicKey(privateKey: Uint8Array): Uint8Array {
  const { x, y } = toAffine(multiply(decodeScalar(privateKey), G));
  const out = new Uint8Array(65);
  out[0] = 0x04;
  encodeBigEndian(x, out, 1);
  encodeBigEndian(y, out, 33);
  return out;
}

/**
 * ECDH: the x-coordinate of d·Q, as WebCrypto's deriveBits returns it. Q must be an uncompressed
 * point on the curve (the cofactor is 1, so on-curve means in the group); anything else is
 * refused, which blocks invalid-curve attacks on the private scalar.
 */
export function p256SharedSecret(privateKey: Uint8Array, peerPublicKey: Uint8Array): Uint8Array {
  const invalid = () => new CryptoError('INVALID_PUBLIC_KEY', 'not a valid P-256 point');
  if (peerPublicKey.length !== 65 || peerPublicKey[0] !== 0x04) throw invalid();
  const x = decodeBigEndian(peerPublicKey.subarray(1, 33));
  const y = decodeBigEndian(peerPublicKey.subarray(33));
  if (x >= P || y >= P || mod(y * y) !== mod(x * x * x - 3n * x + B)) throw invalid();
  const shared = multiply(decodeScalar(privateKey), { x, y, z: 1n });
  if (shared.z === 0n) throw invalid();
  const out = new Uint8Array(32);
  encodeBigEndian(toAffine(shared).x, out, 0);
  return out;
}
