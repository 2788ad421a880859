import type { ServerResponse } from 'node:http';
import { startHttpStub } from './http-stub.ts';

/**
 * ViaCEP at the protocol level: `addresses` by CEP (its 8 digits) answered as ViaCEP answers them,
 * `silent` CEPs never answered (only the caller's own timeout ends the lookup), and any other CEP by
 * `otherwise` — ViaCEP's `{"erro": "true"}` when absent.
 */
export function startViaCepStub(options: {
  addresses: Record<string, object>;
  silent?: string[];
  otherwise?: (response: ServerResponse) => void;
}) {
  const json = (response: ServerResponse, body: object) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return startHttpStub((request, response) => {
    const cep = /\/ws\/(\d{8})\/json\//.exec(request.url ?? '')?.[1] ?? '';
    const address = options.addresses[cep];
    if (address) return json(response, address);
    if (options.silent?.includes(cep)) return;
    if (options.otherwise) return options.otherwise(response);
    json(response, { erro: 'true' });
  });
}
