export declare const BENCH_VIEWER: { fullName: string; email: string; password: string };
