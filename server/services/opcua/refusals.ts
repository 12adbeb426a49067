/**
 * A refused OpenSecureChannel answered as OPC UA says (issue 27; docs/decisions.md#the-opc-ua-server,
 * "Refusals", has the report for node-opcua's maintainers).
 *
 * node-opcua 2.186.4 refuses an OpenSecureChannel request in ServerSecureChannelLayer's private
 * `#_on_OpenSecureChannelRequestError` in one of two ways, both wrong for a foreign client:
 * - when it can secure nothing (a policy or mode the server does not offer; no usable client
 *   key) it sends a ServiceFault chunked like a secure-channel message under the type "ERR": the
 *   8-byte header, then a SecureChannelId, a security header, a sequence header and the fault,
 *   where OPC 10000-6 §7.1.2.5 has an ERR message's Error (a StatusCode) and Reason (a String).
 *   open62541 reads the channel id as the status and reports a Good code without a connection;
 * - when the client certificate is refused (untrusted, revoked, expired…) it sends the
 *   ServiceFault signed and encrypted as an OPN response, which a client that does not trust the
 *   server yet, or that expects an OpenSecureChannelResponse there, cannot decode (open62541:
 *   BadDecodingError), so nobody learns that the certificate needs trusting.
 * OPC 10000-6 §6.7.7: a receiver that finds an error verifying a message (the policy, the
 * certificate's trust — "return Bad_SecurityChecksFailed" — its validity, the thumbprint) closes
 * the channel, and a server "shall also send a transport error Message before closing".
 *
 * The private method cannot be replaced, but it sends through the public `send_response`. The
 * patch below catches those two sends and writes a real ERR message (node-opcua's own
 * TCPErrorMessage, as its transport sends for HEL errors) instead; node-opcua then closes the
 * channel after its refusal delay as before. A ServiceFault for any other status (a bad nonce or
 * request type on a verified request: §6.7.4 wants a fault there) is left as node-opcua sends it.
 * Applied once, when ./engine loads; it changes nothing else of node-opcua.
 */
import { ServerSecureChannelLayer, ServiceFault, StatusCodes, TCPErrorMessage, packTcpMessage, type StatusCode } from 'node-opcua';

/** The statuses of a failed security check (§6.7.7), answered with an ERR message. */
export function isSecurityRefusal(status: StatusCode): boolean {
  return (
    status.equals(StatusCodes.BadSecurityPolicyRejected) ||
    status.equals(StatusCodes.BadSecurityModeRejected) ||
    status.equals(StatusCodes.BadSecurityChecksFailed) ||
    status.name.startsWith('BadCertificate')
  );
}

/** The ERR message's Reason: the status's name and the standard's sentence for it, nothing that
 * says more (§6.7.7: no hint of why BadSecurityChecksFailed was returned). */
function reasonFor(status: StatusCode): string {
  return `${status.name}: ${status.description}`;
}

type SendResponse = (this: ServerSecureChannelLayer, msgType: string, response: unknown, message: unknown, callback?: (err?: Error | null) => void) => void;

let applied = false;

export function answerRefusalsWithErrorMessages(): void {
  if (applied) return;
  applied = true;
  const proto = ServerSecureChannelLayer.prototype as unknown as { send_response: SendResponse };
  const original = proto.send_response;
  proto.send_response = function (msgType, response, message, callback) {
    if (response instanceof ServiceFault) {
      const status = response.responseHeader.serviceResult;
      if (msgType === 'ERR' || (msgType === 'OPN' && isSecurityRefusal(status))) {
        if (this.aborted) {
          callback?.(new Error('Aborted'));
          return;
        }
        this.write(packTcpMessage('ERR', new TCPErrorMessage({ statusCode: status, reason: reasonFor(status) })));
        callback?.();
        return;
      }
    }
    original.call(this, msgType, response, message, callback);
  };
}
