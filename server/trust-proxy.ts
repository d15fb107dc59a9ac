/**
 * Express's `trust proxy` from TRUST_PROXY: a hop count ("1": one load balancer in front), or a
 * comma-separated list of addresses/CIDRs whose X-Forwarded-For we believe. Unset: only a proxy
 * on this machine. The rate limits count the address this yields, so a wrong value either lets a
 * client forge its address (trusting too much) or puts every visitor behind one (too little).
 */
export function trustProxySetting(value: string | undefined): number | string {
  if (!value) return "loopback";
  return /^\d+$/.test(value) ? Number(value) : value;
}
