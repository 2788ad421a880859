export declare const JOURNEY_BASE_URL: string;
export declare const MAIL_SMTP_PORT: number;
export declare const MAIL_HTTP_PORT: number;
export declare function journeyServerEnv(dataDir: string | undefined): Record<string, string>;
