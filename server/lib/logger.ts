/** The part of pino the services use. */
export type Logger = {
	info: (obj: object | string, msg?: string) => void;
	warn: (obj: object | string, msg?: string) => void;
	error: (obj: object | string, msg?: string) => void;
};
