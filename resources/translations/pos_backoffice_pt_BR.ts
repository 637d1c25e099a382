<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../ui/about.ui" line="6"/>
        <source>About POS Back-Office</source>
        <translation>Sobre o POS Back-Office</translation>
    </message>
    <message>
        <location filename="../../ui/about.ui" line="25"/>
        <source>&amp;Close</source>
        <translation>&amp;Fechar</translation>
    </message>
</context>
<context>
    <name>Buttons</name>
    <message>
        <location filename="../../desktop_app/gui/session/sign_in.py" line="80"/>
        <source>&amp;Sign in</source>
        <translation>&amp;Entrar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/form_texts.py" line="36"/>
        <source>&amp;OK</source>
        <translation>&amp;OK</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/form_texts.py" line="37"/>
        <source>&amp;Save</source>
        <translation>&amp;Salvar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/form_texts.py" line="38"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/mapping_dialog.py" line="67"/>
        <source>&amp;Keep these columns</source>
        <translation>&amp;Guardar estas colunas</translation>
    </message>
</context>
<context>
    <name>CardGuard</name>
    <message>
        <location filename="../../desktop_app/gui/app_wide/card_guard.py" line="56"/>
        <source>That is a full card number, and it is never typed here. The field was emptied. For a payment, type only the last four digits of the card.</source>
        <translation>Isso é um número de cartão completo, e ele nunca é digitado aqui. O campo foi esvaziado. Para um pagamento, digite só os quatro últimos dígitos do cartão.</translation>
    </message>
</context>
<context>
    <name>ConnectionCheck</name>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="19"/>
        <source>Address</source>
        <translation>Endereço</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="20"/>
        <source>Trust</source>
        <translation>Confiança</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="21"/>
        <source>Name lookup</source>
        <translation>Busca do nome</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="22"/>
        <source>Connection</source>
        <translation>Conexão</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="23"/>
        <source>Security (TLS)</source>
        <translation>Segurança (TLS)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="24"/>
        <source>Service</source>
        <translation>Serviço</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="25"/>
        <source>Sign-in</source>
        <translation>Entrada</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="26"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="27"/>
        <source>User id</source>
        <translation>Código do usuário</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="28"/>
        <source>Roles</source>
        <translation>Papéis</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="29"/>
        <source>Clock</source>
        <translation>Relógio</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="30"/>
        <source>Stores</source>
        <translation>Lojas</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="31"/>
        <source>Sellers</source>
        <translation>Vendedores</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="32"/>
        <source>Billings</source>
        <translation>Faturamento</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="33"/>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="34"/>
        <source>One order</source>
        <translation>Um pedido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="35"/>
        <source>Payments</source>
        <translation>Pagamentos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="36"/>
        <source>Customer search</source>
        <translation>Busca de clientes</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="37"/>
        <source>Product search</source>
        <translation>Busca de produtos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="38"/>
        <source>No match</source>
        <translation>Sem resultado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="39"/>
        <source>Timestamps</source>
        <translation>Datas e horas</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="40"/>
        <source>Money</source>
        <translation>Valores</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="44"/>
        <source>{address}</source>
        <translation>{address}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="45"/>
        <source>{address}, through the proxy {proxy}</source>
        <translation>{address}, pelo proxy {proxy}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="48"/>
        <source>this computer&apos;s proxy is chosen by a script ({pac}), which the desk does not run: it uses the proxy set by address alone. Ask IT for the proxy&apos;s address, and set it as HTTPS_PROXY for the desk.</source>
        <translation>o proxy deste computador é escolhido por um script ({pac}), que o caixa não executa: ele usa só o proxy definido por endereço. Peça à TI o endereço do proxy e defina-o como HTTPS_PROXY para o caixa.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="54"/>
        <source>the certificate authorities this computer trusts</source>
        <translation>as autoridades certificadoras em que este computador confia</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="57"/>
        <source>the certificate authorities this computer trusts, and the one in {file}</source>
        <translation>as autoridades certificadoras em que este computador confia, e a de {file}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="61"/>
        <source>{host} is {addresses}</source>
        <translation>{host} é {addresses}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="62"/>
        <source>no machine is named {host}. Check the service address, or ask IT.</source>
        <translation>nenhuma máquina se chama {host}. Confira o endereço do serviço ou fale com a TI.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="65"/>
        <source>connected to {endpoint}</source>
        <translation>conectado a {endpoint}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="66"/>
        <source>{endpoint} refused the connection: nothing answers on that port. Check the address and its port, or whether the service is running.</source>
        <translation>{endpoint} recusou a conexão: nada responde nessa porta. Confira o endereço e a porta, ou se o serviço está no ar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="71"/>
        <source>{endpoint} did not answer in {seconds} s. Check the network, or ask IT whether a firewall stops it.</source>
        <translation>{endpoint} não respondeu em {seconds} s. Confira a rede, ou pergunte à TI se um firewall a bloqueia.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="76"/>
        <source>{endpoint} cannot be reached ({detail}). Check the network.</source>
        <translation>{endpoint} não pode ser alcançado ({detail}). Confira a rede.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="79"/>
        <source>certificate of {names}, issued by {issuer} ({version}), valid {days} days more</source>
        <translation>certificado de {names}, emitido por {issuer} ({version}), válido por mais {days} dias</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="83"/>
        <source>no secure connection could be made ({detail}). If the service speaks plain http, its address starts with http://.</source>
        <translation>não foi possível fazer uma conexão segura ({detail}). Se o serviço usa http simples, o endereço começa com http://.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="88"/>
        <source>plain http, on this machine only</source>
        <translation>http simples, só nesta máquina</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="89"/>
        <source>plain http to another machine: passwords and tokens would cross the network readable. Ask IT for the service&apos;s https:// address.</source>
        <translation>http simples para outra máquina: senhas e tokens passariam pela rede legíveis. Peça à TI o endereço https:// do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="94"/>
        <source>checked with the service, through the proxy {proxy}</source>
        <translation>verificada junto com o serviço, pelo proxy {proxy}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="97"/>
        <source>the proxy {proxy} did not carry the call to the service ({detail}). Ask IT whether the proxy lets this computer reach the service&apos;s address.</source>
        <translation>o proxy {proxy} não levou a chamada até o serviço ({detail}). Pergunte à TI se o proxy deixa este computador chegar ao endereço do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="102"/>
        <source>the proxy {proxy} refused the connection ({endpoint}): the proxy is not running there, so the service was not asked. Ask IT whether this computer&apos;s proxy setting is right.</source>
        <translation>o proxy {proxy} recusou a conexão ({endpoint}): o proxy não está funcionando ali, então o serviço não foi consultado. Pergunte à TI se a configuração de proxy deste computador está certa.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="107"/>
        <source>no machine is named {host}, the proxy this computer is set to use ({proxy}), so the service was not asked. Ask IT whether this computer&apos;s proxy setting is right.</source>
        <translation>nenhuma máquina se chama {host}, o proxy que este computador está configurado para usar ({proxy}), então o serviço não foi consultado. Pergunte à TI se a configuração de proxy deste computador está certa.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="112"/>
        <source>the proxy {proxy} answered {status}: it could not carry the call to the service (or the service failed behind it). Ask IT whether the proxy reaches the service&apos;s address.</source>
        <translation>o proxy {proxy} respondeu {status}: ele não conseguiu levar a chamada ao serviço (ou o serviço falhou por trás dele). Pergunte à TI se o proxy alcança o endereço do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="117"/>
        <source>{endpoint} speaks https (a certificate of {names}), not plain http: write the address with https://.</source>
        <translation>{endpoint} fala https (um certificado de {names}), não http simples: escreva o endereço com https://.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="122"/>
        <source>it answers as the store service (it asks for sign-in)</source>
        <translation>responde como o serviço da loja (pede a entrada)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="125"/>
        <source>it answers, without asking for sign-in</source>
        <translation>responde, sem pedir a entrada</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="128"/>
        <source>this address does not answer as the store service (404). Check the service address: a part after the machine&apos;s name (such as /pos) may be missing or too much.</source>
        <translation>este endereço não responde como o serviço da loja (404). Confira o endereço do serviço: pode faltar ou sobrar uma parte depois do nome da máquina (como /pos).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="133"/>
        <source>something answers, but not as the store service. Check the service address.</source>
        <translation>algo responde, mas não como o serviço da loja. Confira o endereço do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="137"/>
        <source>the service had an internal error ({status}). Try again later; if it goes on, tell the service&apos;s support.</source>
        <translation>o serviço teve um erro interno ({status}). Tente de novo mais tarde; se continuar, avise o suporte do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="142"/>
        <source>it answered {status}, as the store service does not. Check the service address (should it start with https://?).</source>
        <translation>respondeu {status}, o que o serviço da loja não faz. Confira o endereço do serviço (deveria começar com https://?).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="147"/>
        <source>the service did not answer in {seconds} s.</source>
        <translation>o serviço não respondeu em {seconds} s.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="150"/>
        <source>the service could not be reached. Check the network and the proxy.</source>
        <translation>o serviço não pôde ser alcançado. Confira a rede e o proxy.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="168"/>
        <source>The service answers: this address can be used.</source>
        <translation>O serviço responde: este endereço pode ser usado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="169"/>
        <source>The service answers, but over plain http to another machine: do not use this address for real work.</source>
        <translation>O serviço responde, mas por http simples para outra máquina: não use este endereço no trabalho real.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="205"/>
        <source>The service answers at this address, but a line of IT&apos;s settings above is marked ✗: the app would not run as IT meant. IT corrects that line.</source>
        <translation>O serviço responde neste endereço, mas uma linha das configurações da TI acima está marcada com ✗: o aplicativo não funcionaria como a TI quis. A TI corrige essa linha.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/connection_findings.py" line="164"/>
        <source>The service cannot be used from here yet: see the step marked ✗.</source>
        <translation>O serviço ainda não pode ser usado daqui: veja a etapa marcada com ✗.</translation>
    </message>
</context>
<context>
    <name>DateField</name>
    <message>
        <location filename="../../desktop_app/gui/widgets/date_field.py" line="168"/>
        <source>{name}: “{typed}” is only a part of a date. Type the whole date, as {example}. The date stays {held}.</source>
        <translation>{name}: “{typed}” é só uma parte de uma data. Digite a data inteira, como {example}. A data continua {held}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/date_field.py" line="174"/>
        <source>{name}: no calendar has {typed}. Type it as {example}. The date stays {held}.</source>
        <translation>{name}: {typed} não existe no calendário. Digite como {example}. A data continua {held}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/date_field.py" line="179"/>
        <source>{name}: “{typed}” is not a date. Type it as {example}. The date stays {held}.</source>
        <translation>{name}: “{typed}” não é uma data. Digite como {example}. A data continua {held}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/date_field.py" line="191"/>
        <source>{name}: {typed} is before {low}, the earliest it takes. The date stays {held}.</source>
        <translation>{name}: {typed} é antes de {low}, a primeira data aceita. A data continua {held}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/date_field.py" line="197"/>
        <source>{name}: {typed} is after {high}, the latest it takes. The date stays {held}.</source>
        <translation>{name}: {typed} é depois de {high}, a última data aceita. A data continua {held}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/date_field.py" line="227"/>
        <source>{from_name}, {since}, is after {to_name}, {until}: no day is between them.</source>
        <translation>{from_name}, {since}, é depois de {to_name}, {until}: não há nenhum dia entre as duas.</translation>
    </message>
</context>
<context>
    <name>DayCloseWindow</name>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="36"/>
        <source>in installments</source>
        <translation>parcelado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="37"/>
        <source>one payment</source>
        <translation>à vista</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="57"/>
        <source>Brand</source>
        <translation>Bandeira</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="58"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="59"/>
        <source>Paid</source>
        <translation>Pago</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="60"/>
        <source>Count here</source>
        <translation>Quantidade aqui</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="61"/>
        <location filename="../../desktop_app/gui/day_close/models.py" line="281"/>
        <source>Amount here</source>
        <translation>Valor aqui</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="62"/>
        <source>Count on the terminal</source>
        <translation>Quantidade na maquininha</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="63"/>
        <location filename="../../desktop_app/gui/day_close/models.py" line="282"/>
        <source>Amount on the terminal</source>
        <translation>Valor na maquininha</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="64"/>
        <source>Check</source>
        <translation>Conferência</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="181"/>
        <source>Only on the terminal? Type its brand</source>
        <translation>Só na maquininha? Digite a bandeira</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="199"/>
        <source>Differs: what was typed is not a number</source>
        <translation>Diferente: o que foi digitado não é um número</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="207"/>
        <source>terminal {amount} more</source>
        <translation>maquininha {amount} a mais</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="209"/>
        <source>terminal {amount} less</source>
        <translation>maquininha {amount} a menos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="217"/>
        <source>{count} slip more</source>
        <translation>{count} comprovante a mais</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="219"/>
        <source>{count} slip fewer</source>
        <translation>{count} comprovante a menos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="220"/>
        <source>{count} slips more</source>
        <translation>{count} comprovantes a mais</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="222"/>
        <source>{count} slips fewer</source>
        <translation>{count} comprovantes a menos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="225"/>
        <source>Differs: {how}</source>
        <translation>Diferente: {how}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="277"/>
        <source>What</source>
        <translation>O quê</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="278"/>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="279"/>
        <source>NSU</source>
        <translation>NSU</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="280"/>
        <source>Authorization</source>
        <translation>Autorização</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="283"/>
        <source>Card</source>
        <translation>Cartão</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="284"/>
        <source>Line of the file</source>
        <translation>Linha do arquivo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="168"/>
        <source>The payments of {day} are no longer kept on this machine: it keeps them {days} days (Settings). Only what still needed a decision is listed.</source>
        <translation>Os pagamentos de {day} não estão mais guardados nesta máquina: ela os guarda por {days} dias (Configurações). Só aparece o que ainda precisava de uma decisão.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="180"/>
        <source>{count} card payment</source>
        <translation>{count} pagamento com cartão</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="181"/>
        <source>{count} card payments</source>
        <translation>{count} pagamentos com cartão</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="183"/>
        <source>Recorded here on {day}: {payments}, {amount}.</source>
        <translation>Registrados aqui em {day}: {payments}, {amount}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="192"/>
        <source>Against the terminal&apos;s export: {matched} matched, {missing} never recorded here, {extra} not on the terminal, {different} different, {other} other lines.</source>
        <translation>Contra o arquivo da maquininha: {matched} conferem, {missing} nunca registrados aqui, {extra} fora da maquininha, {different} diferentes, {other} outras linhas.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="196"/>
        <source>Same</source>
        <translation>Igual</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="328"/>
        <source>On the terminal, never recorded</source>
        <translation>Na maquininha, nunca registrado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="330"/>
        <source>Recorded, not on the terminal</source>
        <translation>Registrado, fora da maquininha</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="334"/>
        <source>amount differs</source>
        <translation>valor diferente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="336"/>
        <source>card differs</source>
        <translation>cartão diferente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="339"/>
        <source>NSU or authorization differs</source>
        <translation>NSU ou autorização diferente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/models.py" line="343"/>
        <source>Not a card sale of the day: {what}</source>
        <translation>Não é venda com cartão do dia: {what}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="212"/>
        <source>Slips to &amp;look at: {count}</source>
        <translation>Comprovantes a &amp;conferir: {count}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="216"/>
        <source>Nothing to &amp;look at: every slip of the day is settled.</source>
        <translation>Nada a &amp;conferir: todo comprovante do dia está resolvido.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="265"/>
        <source>Leave the day close?</source>
        <translation>Sair do fechamento do dia?</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="266"/>
        <source>The terminal&apos;s totals you typed stay on this desk until you sign out: they come back when you open the day close again. Leave it now?</source>
        <translation>Os totais da maquininha que você digitou ficam neste computador até você sair da conta: eles voltam quando você abrir o fechamento do dia de novo. Sair agora?</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="271"/>
        <source>&amp;Leave</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="272"/>
        <source>&amp;Stay here</source>
        <translation>&amp;Ficar aqui</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="280"/>
        <source>The terminal&apos;s export</source>
        <translation>O arquivo exportado da maquininha</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="282"/>
        <source>CSV files (*.csv *.txt)</source>
        <translation>Arquivos CSV (*.csv *.txt)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="294"/>
        <source>The file could not be read: {reason}.</source>
        <translation>Não foi possível ler o arquivo: {reason}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="307"/>
        <source>Line {line} of the file shows more of a card number than its last four digits. The file was refused whole and nothing of it was kept: export it again with the card masked.</source>
        <translation>A linha {line} do arquivo mostra mais de um número de cartão do que os quatro últimos dígitos. O arquivo foi recusado inteiro e nada dele foi guardado: exporte-o de novo com o cartão mascarado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="317"/>
        <source>The file does not read with the columns chosen ({reason}). Import it again and check the columns.</source>
        <translation>O arquivo não é lido com as colunas escolhidas ({reason}). Importe-o de novo e confira as colunas.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="335"/>
        <source>The terminal and this desk agree: {count} slip.</source>
        <translation>A maquininha e este caixa conferem: {count} comprovante.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="338"/>
        <source>The terminal and this desk agree: {count} slips.</source>
        <translation>A maquininha e este caixa conferem: {count} comprovantes.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="381"/>
        <source>Day</source>
        <translation>Dia</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="384"/>
        <source>Desk</source>
        <translation>Caixa</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="386"/>
        <source>User</source>
        <translation>Usuário</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="389"/>
        <source>Made at</source>
        <translation>Feito em</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="404"/>
        <source>Export the day close</source>
        <translation>Exportar o fechamento do dia</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="417"/>
        <source>Save the day close as PDF</source>
        <translation>Salvar o fechamento do dia em PDF</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="122"/>
        <location filename="../../ui/day_close.ui" line="6"/>
        <source>Day close</source>
        <translation>Fechamento do dia</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="23"/>
        <source>&amp;Store</source>
        <translation>&amp;Loja</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/window.py" line="377"/>
        <location filename="../../ui/day_close.ui" line="30"/>
        <source>Store</source>
        <translation>Loja</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="46"/>
        <source>Da&amp;y</source>
        <translation>&amp;Dia</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="53"/>
        <source>Day to close</source>
        <translation>Dia a fechar</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="73"/>
        <source>&amp;Import the terminal&apos;s export…</source>
        <translation>&amp;Importar o arquivo da maquininha…</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="83"/>
        <source>&amp;Export CSV…</source>
        <translation>&amp;Exportar CSV…</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="98"/>
        <source>One terminal per desk: this lists the card payments recorded at this machine. A slip recorded at another desk shows here as not recorded.</source>
        <translation>Uma maquininha por caixa: aqui estão os pagamentos com cartão registrados nesta máquina. Um comprovante registrado em outro caixa aparece aqui como não registrado.</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="117"/>
        <source>Card sales recorded here, and the &amp;terminal&apos;s totals (type them from its printout)</source>
        <translation>Vendas com cartão registradas aqui, e os totais da &amp;maquininha (digite-os do relatório impresso)</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="130"/>
        <source>Totals per brand and type</source>
        <translation>Totais por bandeira e tipo</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="165"/>
        <source>Slips to &amp;look at</source>
        <translation>Comprovantes a &amp;conferir</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="178"/>
        <source>Slips to look at</source>
        <translation>Comprovantes a conferir</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="202"/>
        <source>&amp;Open the order</source>
        <translation>&amp;Abrir o pedido</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="212"/>
        <source>Shows the orders of this slip&apos;s amount, to record the payment on its order</source>
        <translation>Mostra os pedidos do valor deste comprovante, para registrar o pagamento no pedido dele</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="215"/>
        <source>&amp;Find its order</source>
        <translation>&amp;Buscar o pedido</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="225"/>
        <source>&amp;Pending payments…</source>
        <translation>Pagamentos pe&amp;ndentes…</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="235"/>
        <source>Pri&amp;nt…</source>
        <translation>Im&amp;primir…</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="245"/>
        <source>Sa&amp;ve as PDF…</source>
        <translation>Sal&amp;var como PDF…</translation>
    </message>
    <message>
        <location filename="../../ui/day_close.ui" line="259"/>
        <source>&amp;Close</source>
        <translation>&amp;Fechar</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <location filename="../../desktop_app/gui/app_wide/saving.py" line="34"/>
        <source>CSV files (*.csv)</source>
        <translation>Arquivos CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/app_wide/saving.py" line="43"/>
        <source>Could not save the file: {reason}. Choose another folder.</source>
        <translation>Não foi possível salvar o arquivo: {reason}. Escolha outra pasta.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/app_wide/saving.py" line="59"/>
        <source>PDF files (*.pdf)</source>
        <translation>Arquivos PDF (*.pdf)</translation>
    </message>
</context>
<context>
    <name>FindSlipWindow</name>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="59"/>
        <source>Slip of</source>
        <translation>Comprovante de</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="60"/>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="61"/>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="62"/>
        <source>Card</source>
        <translation>Cartão</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="63"/>
        <source>NSU</source>
        <translation>NSU</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="64"/>
        <source>Authorization</source>
        <translation>Autorização</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="65"/>
        <source>State</source>
        <translation>Situação</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="80"/>
        <source>{count} payment found.</source>
        <translation>{count} pagamento encontrado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="81"/>
        <source>{count} payments found.</source>
        <translation>{count} pagamentos encontrados.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="93"/>
        <source>{count} slip kept here was sent to the service today.</source>
        <translation>{count} comprovante guardado aqui foi enviado ao serviço hoje.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/day_close/find_slip.py" line="96"/>
        <source>{count} slips kept here were sent to the service today.</source>
        <translation>{count} comprovantes guardados aqui foram enviados ao serviço hoje.</translation>
    </message>
    <message>
        <location filename="../../ui/find_slip.ui" line="6"/>
        <source>Find a payment by its slip</source>
        <translation>Achar um pagamento pelo comprovante</translation>
    </message>
    <message>
        <location filename="../../ui/find_slip.ui" line="23"/>
        <source>&amp;NSU, authorization code, last four or amount</source>
        <translation>&amp;NSU, código de autorização, últimos quatro ou valor</translation>
    </message>
    <message>
        <location filename="../../ui/find_slip.ui" line="30"/>
        <source>NSU, authorization code, last four digits or amount of the slip</source>
        <translation>NSU, código de autorização, quatro últimos dígitos ou valor do comprovante</translation>
    </message>
    <message>
        <location filename="../../ui/find_slip.ui" line="55"/>
        <source>Payments found</source>
        <translation>Pagamentos encontrados</translation>
    </message>
    <message>
        <location filename="../../ui/find_slip.ui" line="79"/>
        <source>&amp;Open the order</source>
        <translation>&amp;Abrir o pedido</translation>
    </message>
    <message>
        <location filename="../../ui/find_slip.ui" line="93"/>
        <source>&amp;Close</source>
        <translation>&amp;Fechar</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="28"/>
        <source>Customers</source>
        <translation>Clientes</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="29"/>
        <source>Products</source>
        <translation>Produtos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="30"/>
        <source>Refresh the orders</source>
        <translation>Atualizar os pedidos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="33"/>
        <source>Find orders, from any window: the list in front, its filter</source>
        <translation>Procurar pedidos, de qualquer janela: a lista na frente, com o filtro</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="35"/>
        <source>Open the chosen order</source>
        <translation>Abrir o pedido escolhido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="36"/>
        <source>Record a payment (an order, or the one chosen in the list)</source>
        <translation>Registrar um pagamento (um pedido, ou o escolhido na lista)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="39"/>
        <source>Issue the invoice (an order, or the one chosen in the list)</source>
        <translation>Emitir a nota fiscal (um pedido, ou o escolhido na lista)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="41"/>
        <source>Review, then send a payment</source>
        <translation>Revisar e depois enviar um pagamento</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="42"/>
        <source>Back, or close</source>
        <translation>Voltar ou fechar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="43"/>
        <source>Close a lookup</source>
        <translation>Fechar uma consulta</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="44"/>
        <source>Copy (lookups)</source>
        <translation>Copiar (consultas)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="45"/>
        <source>Export the shown orders to CSV</source>
        <translation>Exportar os pedidos mostrados para CSV</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="46"/>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="47"/>
        <source>Quit</source>
        <translation>Fechar o programa</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="52"/>
        <source>Qt 6 and PySide6: GNU LGPL v3 (kept as separate shared libraries; see qt.io/licensing)</source>
        <translation>Qt 6 e PySide6: GNU LGPL v3 (mantidas como bibliotecas compartilhadas separadas; veja qt.io/licensing)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="56"/>
        <source>httpx, pydantic, qasync, platformdirs, uvicorn, starlette, FastAPI, orjson: MIT / BSD</source>
        <translation>httpx, pydantic, qasync, platformdirs, uvicorn, starlette, FastAPI, orjson: MIT / BSD</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="60"/>
        <source>PyJWT: MIT · python-stdnum: LGPL v2.1+ · Babel: BSD</source>
        <translation>PyJWT: MIT · python-stdnum: LGPL v2.1+ · Babel: BSD</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="116"/>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="117"/>
        <source>What they do</source>
        <translation>O que fazem</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="155"/>
        <source>Service: {url}</source>
        <translation>Serviço: {url}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="158"/>
        <source>Payment journal: {path}</source>
        <translation>Diário de pagamentos: {path}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="161"/>
        <source>Log file: {path}</source>
        <translation>Arquivo de registro: {path}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="165"/>
        <source>Invoices issued from this machine are kept beside the journal, and F9 opens them again. Invoices issued from other machines are not known here.</source>
        <translation>As notas emitidas nesta máquina ficam guardadas junto ao diário, e F9 as abre de novo. Notas emitidas em outras máquinas não são conhecidas aqui.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="171"/>
        <source>This program uses:</source>
        <translation>Este programa usa:</translation>
    </message>
</context>
<context>
    <name>InvoiceDialog</name>
    <message>
        <location filename="../../desktop_app/gui/invoices/answer_words.py" line="33"/>
        <source>The service accepted the invoice and sent no details.</source>
        <translation>O serviço aceitou a nota fiscal e não enviou detalhes.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="19"/>
        <source>Paid on</source>
        <translation>Pago em</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="20"/>
        <source>Card</source>
        <translation>Cartão</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="21"/>
        <source>Brand</source>
        <translation>Bandeira</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="22"/>
        <source>Inst.</source>
        <translation>Parc.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/answer_words.py" line="22"/>
        <location filename="../../desktop_app/gui/invoices/document.py" line="23"/>
        <location filename="../../desktop_app/gui/invoices/document.py" line="80"/>
        <location filename="../../desktop_app/gui/invoices/document.py" line="104"/>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="24"/>
        <location filename="../../desktop_app/gui/words/invoice_checks.py" line="61"/>
        <source>NSU</source>
        <translation>NSU</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="25"/>
        <source>Auth.</source>
        <translation>Autoriz.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="91"/>
        <source>Invoice — order {number}</source>
        <translation>Nota fiscal — pedido {number}</translation>
    </message>
    <message>
        <location filename="../../ui/invoice.ui" line="15"/>
        <source>Checks before the invoice</source>
        <translation>Conferências antes da nota</translation>
    </message>
    <message>
        <location filename="../../ui/invoice.ui" line="28"/>
        <source>Invoice summary</source>
        <translation>Resumo da nota fiscal</translation>
    </message>
    <message>
        <location filename="../../ui/invoice.ui" line="38"/>
        <source>I checked with the office: no invoice exists for this order. Send it again.</source>
        <translation>Confirmei com o escritório: não existe nota fiscal para este pedido. Enviar de novo.</translation>
    </message>
    <message>
        <location filename="../../ui/invoice.ui" line="45"/>
        <source>&amp;Mark this order as invoiced elsewhere</source>
        <translation>&amp;Marcar este pedido como faturado em outro lugar</translation>
    </message>
    <message>
        <location filename="../../ui/invoice.ui" line="57"/>
        <source>&amp;Print…</source>
        <translation>&amp;Imprimir…</translation>
    </message>
    <message>
        <location filename="../../ui/invoice.ui" line="67"/>
        <source>Save as P&amp;DF…</source>
        <translation>Salvar como P&amp;DF…</translation>
    </message>
    <message>
        <location filename="../../ui/invoice.ui" line="74"/>
        <source>De&amp;tails</source>
        <translation>Deta&amp;lhes</translation>
    </message>
    <message>
        <location filename="../../ui/invoice.ui" line="94"/>
        <source>&amp;Close (Enter)</source>
        <translation>&amp;Fechar (Enter)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="117"/>
        <location filename="../../ui/invoice.ui" line="6"/>
        <source>Invoice</source>
        <translation>Nota fiscal</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="75"/>
        <source>Order {number}</source>
        <translation>Pedido {number}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/answer_words.py" line="18"/>
        <source>Number</source>
        <translation>Número</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/answer_words.py" line="19"/>
        <location filename="../../desktop_app/gui/invoices/document.py" line="98"/>
        <source>Series</source>
        <translation>Série</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/answer_words.py" line="23"/>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="101"/>
        <source>&amp;Issue invoice anyway</source>
        <translation>&amp;Emitir nota fiscal mesmo assim</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="103"/>
        <location filename="../../ui/invoice.ui" line="107"/>
        <source>&amp;Issue invoice</source>
        <translation>&amp;Emitir nota fiscal</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="107"/>
        <source>{button} ({key}): the service issues this order&apos;s invoice, which cannot be undone from this app. Close (Enter): nothing is issued.</source>
        <translation>{button} ({key}): o serviço emite a nota deste pedido, que não pode ser desfeita por este aplicativo. Fechar (Enter): nada é emitido.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="120"/>
        <source>Not everything is in order (marked ✗ above). The service decides: a manager can still issue the invoice.</source>
        <translation>Nem tudo está em ordem (marcado com ✗ acima). O serviço decide: um gerente ainda pode emitir a nota.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="69"/>
        <source>These are the payments that could be read here ({count}): a part of this order&apos;s payments at the service.</source>
        <translation>Estes são os pagamentos que puderam ser lidos aqui ({count}): uma parte dos pagamentos deste pedido no serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="120"/>
        <source>The service confirmed the invoice without sending its details (number, access key): look them up at the service.</source>
        <translation>O serviço confirmou a nota fiscal sem enviar seus dados (número, chave de acesso): consulte-os no serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/invoice_checks.py" line="27"/>
        <source>Nothing is left to pay.</source>
        <translation>Não falta nada a pagar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/invoice_checks.py" line="28"/>
        <source>{due} is still to pay: the service will probably refuse the invoice until the order is paid in full.</source>
        <translation>Ainda faltam {due} a pagar: o serviço provavelmente recusará a nota até que o pedido seja pago por inteiro.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/invoice_checks.py" line="41"/>
        <source>Not every payment of this order at the service could be read here: those not read could not be checked. See the order&apos;s payments at the service.</source>
        <translation>Nem todos os pagamentos deste pedido no serviço puderam ser lidos aqui: os não lidos não puderam ser conferidos. Veja os pagamentos do pedido no serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/invoice_checks.py" line="50"/>
        <source>Every payment has its brand, authorization code and NSU.</source>
        <translation>Todo pagamento tem bandeira, código de autorização e NSU.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/invoice_checks.py" line="59"/>
        <source>brand</source>
        <translation>bandeira</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/invoice_checks.py" line="60"/>
        <source>authorization code</source>
        <translation>código de autorização</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/invoice_checks.py" line="67"/>
        <source>The payment of {amount} ({card}) has no {missing}: the invoice&apos;s card group needs it.</source>
        <translation>O pagamento de {amount} ({card}) não tem {missing}: o grupo de cartão da nota precisa disso.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/invoice_checks.py" line="85"/>
        <source>No payment of this order waits at this desk.</source>
        <translation>Nenhum pagamento deste pedido está esperando neste caixa.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/invoice_checks.py" line="91"/>
        <source>A payment of {amount} to this order waits at this desk ({state}): settle it in Pending payments first.</source>
        <translation>Um pagamento de {amount} deste pedido está esperando neste caixa ({state}): resolva-o em Pagamentos pendentes antes.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="147"/>
        <source>Invoiced elsewhere: the service said so, and this machine has no copy of it.</source>
        <translation>Faturado em outro lugar: o serviço diz isso, e esta máquina não tem cópia da nota.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="77"/>
        <source>Customer</source>
        <translation>Cliente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="78"/>
        <source>Seller</source>
        <translation>Vendedor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="79"/>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="81"/>
        <source>Paid</source>
        <translation>Pago</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="82"/>
        <source>Balance due</source>
        <translation>Saldo devedor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="97"/>
        <source>Invoice number</source>
        <translation>Número da nota</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/answer_words.py" line="21"/>
        <location filename="../../desktop_app/gui/invoices/document.py" line="100"/>
        <source>Issued on</source>
        <translation>Emitida em</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/answer_words.py" line="20"/>
        <location filename="../../desktop_app/gui/invoices/document.py" line="108"/>
        <source>Access key</source>
        <translation>Chave de acesso</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/document.py" line="127"/>
        <source>Details</source>
        <translation>Detalhes</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="201"/>
        <source>Sending…</source>
        <translation>Enviando…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="152"/>
        <source>The invoice was issued.</source>
        <translation>A nota fiscal foi emitida.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="220"/>
        <source>Sign in again; the invoice is sent as soon as you have.</source>
        <translation>Entre de novo; a nota fiscal é enviada assim que você entrar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="236"/>
        <source>Only a manager may issue invoices. Ask a manager to sign in and issue it.</source>
        <translation>Só um gerente pode emitir notas fiscais. Peça a um gerente que entre e a emita.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="245"/>
        <source>The invoice may or may not have been issued: the service did not answer clearly ({reason}). Invoices cannot be looked up from here: check with the office before sending it again.</source>
        <translation>A nota fiscal pode ou não ter sido emitida: o serviço não respondeu com clareza ({reason}). Não é possível consultar notas fiscais por aqui: confirme com o escritório antes de enviar de novo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="254"/>
        <source>&amp;Send again</source>
        <translation>Enviar de &amp;novo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/invoices/invoice_dialog.py" line="270"/>
        <source>Save as PDF</source>
        <translation>Salvar como PDF</translation>
    </message>
</context>
<context>
    <name>LockPage</name>
    <message>
        <location filename="../../ui/lock_page.ui" line="47"/>
        <source>&amp;Sign in</source>
        <translation>&amp;Entrar</translation>
    </message>
</context>
<context>
    <name>Lookups</name>
    <message>
        <location filename="../../desktop_app/gui/lookups/search.py" line="113"/>
        <source>Results</source>
        <translation>Resultados</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/search.py" line="120"/>
        <location filename="../../desktop_app/gui/lookups/search.py" line="165"/>
        <source>Type to search.</source>
        <translation>Digite para buscar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/search.py" line="167"/>
        <source>Searching…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/search.py" line="205"/>
        <source>Nothing matches “{text}”. Check the spelling, or type less.</source>
        <translation>Nada corresponde a “{text}”. Confira a grafia ou digite menos.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/search.py" line="214"/>
        <source>One match.</source>
        <translation>Um resultado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/search.py" line="209"/>
        <source>The first {count} matches: type more to narrow them.</source>
        <translation>Os primeiros {count} resultados: digite mais para filtrar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/search.py" line="102"/>
        <source>Search {what}</source>
        <translation>Buscar {what}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/search.py" line="105"/>
        <source>{hint}: what is found shows below as you type; Down goes to it.</source>
        <translation>{hint}: o que for encontrado aparece abaixo enquanto você digita; a seta para baixo vai até lá.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/search.py" line="215"/>
        <source>{count} matches.</source>
        <translation>{count} resultados.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/search.py" line="231"/>
        <source>Copied.</source>
        <translation>Copiado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/customers.py" line="28"/>
        <source>Customers (F2)</source>
        <translation>Clientes (F2)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/customers.py" line="29"/>
        <source>Customer name, CPF or CNPJ</source>
        <translation>Nome do cliente, CPF ou CNPJ</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/customers.py" line="36"/>
        <source>Show &amp;whole documents</source>
        <translation>Mostrar documentos &amp;completos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/customers.py" line="41"/>
        <source>Enter: this customer&apos;s orders in the current store · Ctrl+C: copy</source>
        <translation>Enter: pedidos deste cliente na loja atual · Ctrl+C: copiar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/customers.py" line="47"/>
        <location filename="../../desktop_app/gui/lookups/products.py" line="49"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/customers.py" line="48"/>
        <source>Document</source>
        <translation>Documento</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/customers.py" line="49"/>
        <source>Customer id</source>
        <translation>Código do cliente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/products.py" line="32"/>
        <source>Products (F3)</source>
        <translation>Produtos (F3)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/products.py" line="33"/>
        <source>Product name, code or barcode</source>
        <translation>Nome, código ou código de barras do produto</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/products.py" line="41"/>
        <source>Scan a barcode at any time · Ctrl+C: copy the code</source>
        <translation>Leia um código de barras a qualquer momento · Ctrl+C: copiar o código</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/products.py" line="48"/>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/products.py" line="50"/>
        <source>Product id</source>
        <translation>Código do produto</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="57"/>
        <source>Revenue</source>
        <translation>Faturamento</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="92"/>
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="93"/>
        <source>To</source>
        <translation>Até</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="101"/>
        <source>&amp;Export CSV…</source>
        <translation>&amp;Exportar CSV…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="102"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Atualizar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="119"/>
        <source>Revenue by day, drawn</source>
        <translation>Faturamento por dia, em gráfico</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="128"/>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="269"/>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="132"/>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="228"/>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="270"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="135"/>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="271"/>
        <source>Records</source>
        <translation>Registros</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="186"/>
        <source>No record is from {since} to {until}.</source>
        <translation>Nenhum registro de {since} a {until}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="204"/>
        <source>{days} ({records}) · total {total} · daily average {average}</source>
        <translation>{days} ({records}) · total {total} · média diária {average}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="140"/>
        <source>Revenue by day</source>
        <translation>Faturamento por dia</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="148"/>
        <source>Loading…</source>
        <translation>Carregando…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="208"/>
        <source>{figures} (of a part)</source>
        <translation>{figures} (de uma parte)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="215"/>
        <source>{count} day</source>
        <translation>{count} dia</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="216"/>
        <source>{count} days</source>
        <translation>{count} dias</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="220"/>
        <source>{count} record</source>
        <translation>{count} registro</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="221"/>
        <source>{count} records</source>
        <translation>{count} registros</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="240"/>
        <source>{first} to {last}, one bar a day</source>
        <translation>de {first} a {last}, uma barra por dia</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="275"/>
        <source>Only a part of the service&apos;s records was read: these are of that part.</source>
        <translation>Só uma parte dos registros do serviço foi lida: estes são dessa parte.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/lookups/revenue.py" line="278"/>
        <source>Export revenue</source>
        <translation>Exportar faturamento</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../desktop_app/gui/shell/app.py" line="119"/>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="143"/>
        <source>POS Back-Office</source>
        <translation>POS Back-Office</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/widgets.py" line="51"/>
        <location filename="../../desktop_app/gui/shell/app.py" line="120"/>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/unreachable.py" line="30"/>
        <source>The service cannot be reached since {since}. {who}</source>
        <translation>O serviço não pode ser alcançado desde {since}. {who}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/pending_bar.py" line="41"/>
        <source>Review &amp;pending payments…</source>
        <translation>Revisar &amp;pagamentos pendentes…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/pending_bar.py" line="47"/>
        <source>{count} slip kept here is waiting for the service.</source>
        <translation>{count} comprovante guardado aqui aguarda o serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/pending_bar.py" line="50"/>
        <source>{count} slips kept here are waiting for the service.</source>
        <translation>{count} comprovantes guardados aqui aguardam o serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/pending_bar.py" line="56"/>
        <source>Sign in to send them.</source>
        <translation>Entre para enviá-los.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/pending_bar.py" line="59"/>
        <source>The service takes them only from the person who kept them: they go once that person signs in.</source>
        <translation>O serviço só os aceita de quem os guardou: eles vão assim que essa pessoa entrar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/pending_bar.py" line="67"/>
        <source>They go once the service&apos;s address or its certificate authority file is corrected in Settings.</source>
        <translation>Eles vão assim que o endereço do serviço ou o arquivo da autoridade certificadora for corrigido em Configurações.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/pending_bar.py" line="77"/>
        <source>{count} payment needs attention in Pending payments.</source>
        <translation>{count} pagamento precisa de atenção em Pagamentos pendentes.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/pending_bar.py" line="80"/>
        <source>{count} payments need attention in Pending payments.</source>
        <translation>{count} pagamentos precisam de atenção em Pagamentos pendentes.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/pending_bar.py" line="123"/>
        <source>{count} &amp;kept slip sent today…</source>
        <translation>{count} comprovante &amp;guardado enviado hoje…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/pending_bar.py" line="124"/>
        <source>{count} &amp;kept slips sent today…</source>
        <translation>{count} comprovantes &amp;guardados enviados hoje…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/widgets.py" line="88"/>
        <source>Working…</source>
        <translation>Trabalhando…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="152"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Atualizar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="155"/>
        <source>&amp;Export shown orders to CSV…</source>
        <translation>&amp;Exportar os pedidos mostrados para CSV…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="164"/>
        <source>Sign &amp;out</source>
        <translation>&amp;Sair da conta</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="162"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Configurações…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="165"/>
        <source>&amp;Quit</source>
        <translation>&amp;Fechar o programa</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="147"/>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="166"/>
        <source>&amp;Customers…</source>
        <translation>&amp;Clientes…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="167"/>
        <source>&amp;Products…</source>
        <translation>&amp;Produtos…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="168"/>
        <source>&amp;Revenue…</source>
        <translation>&amp;Faturamento…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="148"/>
        <source>&amp;Lookups</source>
        <translation>&amp;Consultas</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="149"/>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="151"/>
        <source>&amp;Find orders</source>
        <translation>&amp;Procurar pedidos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="157"/>
        <source>Close the &amp;day…</source>
        <translation>Fechamento do &amp;dia…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="160"/>
        <source>Find a payment by its &amp;slip…</source>
        <translation>&amp;Achar um pagamento pelo comprovante…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="163"/>
        <source>Sign &amp;in…</source>
        <translation>E&amp;ntrar…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="169"/>
        <source>&amp;Shortcuts…</source>
        <translation>&amp;Atalhos…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="172"/>
        <source>&amp;Copy diagnostics</source>
        <translation>&amp;Copiar diagnóstico</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="174"/>
        <source>&amp;About…</source>
        <translation>&amp;Sobre…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/controller.py" line="159"/>
        <source>Sign in to start.</source>
        <translation>Entre para começar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/controller.py" line="104"/>
        <source>Signed out</source>
        <translation>Desconectado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/sign_in.py" line="11"/>
        <source>This sign-in does not say your user number (the service&apos;s token has no userId, nor a whole-number sub, user_id or uid), so payments and invoices cannot be sent. Ask IT to set service/user_id_claim to the claim that holds it.</source>
        <translation>Este acesso não diz o seu número de usuário (o token do serviço não tem userId, nem sub, user_id ou uid com um número inteiro), então pagamentos e notas fiscais não podem ser enviados. Peça à TI que configure service/user_id_claim com a claim que o contém.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/controller.py" line="99"/>
        <source>Unlocked without the service: {name} (user {user}). Sign in when it is back.</source>
        <translation>Desbloqueado sem o serviço: {name} (usuário {user}). Entre quando ele voltar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/controller.py" line="105"/>
        <source>no role</source>
        <translation>sem função</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/controller.py" line="109"/>
        <source>Signed in: {name} (no user number, {role})</source>
        <translation>Conectado: {name} (sem número de usuário, {role})</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/controller.py" line="112"/>
        <source>Signed in: {name} (user {user}, {role})</source>
        <translation>Conectado: {name} (usuário {user}, {role})</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/controller.py" line="122"/>
        <source>Session ends in {m}:{s:02d}</source>
        <translation>A sessão termina em {m}:{s:02d}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/controller.py" line="180"/>
        <source>The service answers again: sign in to go on and send what was kept.</source>
        <translation>O serviço responde de novo: entre para continuar e enviar o que foi guardado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/controller.py" line="297"/>
        <source>Signed out. Sign in to continue.</source>
        <translation>Você saiu da conta. Entre para continuar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/controller.py" line="331"/>
        <source>Locked after a while without use. Sign in to continue.</source>
        <translation>Bloqueado depois de um tempo sem uso. Entre para continuar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/help/dialogs.py" line="192"/>
        <source>Diagnostics copied: paste them into your message to support.</source>
        <translation>Diagnóstico copiado: cole na sua mensagem para o suporte.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/main_window.py" line="145"/>
        <location filename="../../desktop_app/gui/widgets/banner.py" line="37"/>
        <source>TRAINING — practice data</source>
        <translation>TREINAMENTO — dados de prática</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="106"/>
        <source>{count} slip kept here waits to be sent: it goes once someone signs in.</source>
        <translation>{count} comprovante guardado aqui aguarda o envio: ele vai assim que alguém entrar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="109"/>
        <source>{count} slips kept here wait to be sent: they go once someone signs in.</source>
        <translation>{count} comprovantes guardados aqui aguardam o envio: eles vão assim que alguém entrar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="118"/>
        <source>Sent to the service: the slip of {amount} kept for order {order}.</source>
        <translation>Enviado ao serviço: o comprovante de {amount} guardado para o pedido {order}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/app_wide/desk_keys.py" line="32"/>
        <source>{window} opens once this form is closed: finish it, or close it with Esc.</source>
        <translation>{window} abre quando este formulário for fechado: termine-o ou feche-o com Esc.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shell/new_version.py" line="61"/>
        <source>POS Back-Office {new} was installed on this computer. This desk goes on with version {running} until the app is closed; open it again to use the new version when it suits you. Nothing is lost meanwhile.</source>
        <translation>O POS Back-Office {new} foi instalado neste computador. Esta estação continua na versão {running} até o aplicativo ser fechado; abra-o de novo para usar a nova versão quando for conveniente. Nada se perde enquanto isso.</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <location filename="../../desktop_app/gui/widgets/message_bar.py" line="106"/>
        <source>&amp;Retry</source>
        <translation>&amp;Tentar de novo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/message_bar.py" line="107"/>
        <source>&amp;Details…</source>
        <translation>Detal&amp;hes…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/message_bar.py" line="177"/>
        <source>Error</source>
        <translation>Erro</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/message_bar.py" line="178"/>
        <source>Warning</source>
        <translation>Aviso</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/message_bar.py" line="179"/>
        <source>Information</source>
        <translation>Informação</translation>
    </message>
</context>
<context>
    <name>OrderDialog</name>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="53"/>
        <source>Paid on</source>
        <translation>Pago em</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="54"/>
        <source>Card</source>
        <translation>Cartão</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="55"/>
        <source>Brand</source>
        <translation>Bandeira</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="56"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="57"/>
        <source>Inst.</source>
        <translation>Parc.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="58"/>
        <location filename="../../ui/order.ui" line="204"/>
        <location filename="../../ui/order.ui" line="211"/>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="59"/>
        <source>NSU</source>
        <translation>NSU</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="60"/>
        <source>Auth.</source>
        <translation>Autoriz.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="61"/>
        <source>User</source>
        <translation>Usuário</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="135"/>
        <source>This window is order {number}: nothing here takes a number. To find another order, press Ctrl+F and type its number.</source>
        <translation>Esta janela é do pedido {number}: nada aqui recebe um número. Para procurar outro pedido, tecle Ctrl+F e digite o número dele.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="183"/>
        <source>An invoice needs the order&apos;s payments, which could not be read, and the service, which numbers it. Try again when the service answers.</source>
        <translation>Uma nota fiscal precisa dos pagamentos do pedido, que não puderam ser lidos, e do serviço, que a numera. Tente de novo quando o serviço responder.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="208"/>
        <source>Order {number}</source>
        <translation>Pedido {number}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="235"/>
        <source>This order is paid in full.</source>
        <translation>Este pedido está pago por inteiro.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="237"/>
        <source>Record a card payment (F8).</source>
        <translation>Registrar um pagamento com cartão (F8).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="242"/>
        <source>Issue the invoice (F9).</source>
        <translation>Emitir a nota fiscal (F9).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="269"/>
        <source>Your sign-in does not allow issuing invoices: ask a manager.</source>
        <translation>Seu acesso não permite emitir notas fiscais: peça a um gerente.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="287"/>
        <source>The payments could not be read.</source>
        <translation>Os pagamentos não puderam ser lidos.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="325"/>
        <source>No payments yet.</source>
        <translation>Nenhum pagamento ainda.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="329"/>
        <source>{count} payment.</source>
        <translation>{count} pagamento.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/order_dialog.py" line="330"/>
        <source>{count} payments.</source>
        <translation>{count} pagamentos.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="30"/>
        <source>{left} ({kept} on slips kept here, {over} more than the balance; not yet at the service)</source>
        <translation>{left} ({kept} em comprovantes guardados aqui, {over} a mais do que o saldo; ainda não no serviço)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="37"/>
        <source>{left} ({kept} on slips kept here, not yet at the service)</source>
        <translation>{left} ({kept} em comprovantes guardados aqui, ainda não no serviço)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="90"/>
        <source>Slip of {amount} kept here for order {order}: it is sent when the service is back.</source>
        <translation>Comprovante de {amount} guardado aqui para o pedido {order}: será enviado quando o serviço voltar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="94"/>
        <source>Payment of {amount} recorded for order {order}.</source>
        <translation>Pagamento de {amount} registrado no pedido {order}.</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="6"/>
        <location filename="../../ui/order.ui" line="20"/>
        <location filename="../../ui/order.ui" line="27"/>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="43"/>
        <location filename="../../ui/order.ui" line="50"/>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="66"/>
        <location filename="../../ui/order.ui" line="73"/>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="89"/>
        <location filename="../../ui/order.ui" line="96"/>
        <source>Customer</source>
        <translation>Cliente</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="112"/>
        <location filename="../../ui/order.ui" line="119"/>
        <source>Seller</source>
        <translation>Vendedor</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="135"/>
        <location filename="../../ui/order.ui" line="142"/>
        <source>Payment method</source>
        <translation>Forma de pagamento</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="158"/>
        <location filename="../../ui/order.ui" line="165"/>
        <source>Plan</source>
        <translation>Plano</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="181"/>
        <location filename="../../ui/order.ui" line="188"/>
        <source>Installments</source>
        <translation>Parcelas</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="227"/>
        <location filename="../../ui/order.ui" line="234"/>
        <source>Paid</source>
        <translation>Pago</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="250"/>
        <location filename="../../ui/order.ui" line="257"/>
        <source>Balance due</source>
        <translation>Saldo devedor</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="281"/>
        <source>Payments of this order</source>
        <translation>Pagamentos deste pedido</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="297"/>
        <source>Loading payments…</source>
        <translation>Carregando pagamentos…</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="313"/>
        <source>Record payment (F8)</source>
        <translation>Registrar pagamento (F8)</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="323"/>
        <source>Issue invoice (F9)</source>
        <translation>Emitir nota fiscal (F9)</translation>
    </message>
    <message>
        <location filename="../../ui/order.ui" line="340"/>
        <source>&amp;Close</source>
        <translation>&amp;Fechar</translation>
    </message>
</context>
<context>
    <name>OrdersPage</name>
    <message>
        <location filename="../../desktop_app/gui/orders/page.py" line="155"/>
        <source>{orders} shown</source>
        <translation>Mostrando {orders}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/page.py" line="172"/>
        <source>All statuses</source>
        <translation>Todas as situações</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/page.py" line="176"/>
        <source>All sellers</source>
        <translation>Todos os vendedores</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/page.py" line="361"/>
        <source>Only a part of the store&apos;s orders was read: these are of that part.</source>
        <translation>Só uma parte dos pedidos da loja foi lida: estes são dessa parte.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/loading.py" line="103"/>
        <source>Loading stopped: no orders of {store} are shown.</source>
        <translation>Carregamento interrompido: nenhum pedido de {store} é mostrado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/loading.py" line="107"/>
        <source>Loading stopped: the orders of {store} are as they were before.</source>
        <translation>Carregamento interrompido: os pedidos de {store} estão como estavam antes.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/loading.py" line="49"/>
        <source>Loading the orders of {store}…</source>
        <translation>Carregando os pedidos de {store}…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/loading.py" line="87"/>
        <source>{size} received</source>
        <translation>{size} recebidos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/page.py" line="366"/>
        <source>Export orders</source>
        <translation>Exportar pedidos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/page.py" line="399"/>
        <source>Customer: {name} ✕</source>
        <translation>Cliente: {name} ✕</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/totals.py" line="29"/>
        <source>{count} order</source>
        <translation>{count} pedido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/totals.py" line="30"/>
        <source>{count} orders</source>
        <translation>{count} pedidos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/totals.py" line="33"/>
        <source>{count} (of a part)</source>
        <translation>{count} (de uma parte)</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="17"/>
        <source>&amp;Store</source>
        <translation>&amp;Loja</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="24"/>
        <source>Store</source>
        <translation>Loja</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="43"/>
        <source>Refresh (F5)</source>
        <translation>Atualizar (F5)</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="64"/>
        <source>Type a customer, a seller or an order number: the orders shown follow. Down goes to them.</source>
        <translation>Digite um cliente, um vendedor ou um número de pedido: os pedidos mostrados acompanham. A seta para baixo vai até eles.</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="67"/>
        <source>Filter orders</source>
        <translation>Filtrar pedidos</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="70"/>
        <source>Filter: customer, seller or order number</source>
        <translation>Cliente, vendedor ou nº do pedido</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="86"/>
        <source>Stat&amp;us</source>
        <translation>Si&amp;tuação</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="93"/>
        <source>Status filter</source>
        <translation>Filtro de situação</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="106"/>
        <source>S&amp;eller</source>
        <translation>&amp;Vendedor</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="113"/>
        <source>Seller filter</source>
        <translation>Filtro de vendedor</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="120"/>
        <source>Show every customer&apos;s orders again</source>
        <translation>Mostrar de novo os pedidos de todos os clientes</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="133"/>
        <source>Fro&amp;m</source>
        <translation>&amp;De</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="140"/>
        <source>From date</source>
        <translation>Data inicial</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="146"/>
        <location filename="../../ui/orders_page.ui" line="172"/>
        <source>any</source>
        <translation>qualquer</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="159"/>
        <source>&amp;To</source>
        <translation>At&amp;é</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="166"/>
        <source>To date</source>
        <translation>Data final</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/totals.py" line="45"/>
        <location filename="../../ui/orders_page.ui" line="226"/>
        <source>Orders shown</source>
        <translation>Pedidos mostrados</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="236"/>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/totals.py" line="46"/>
        <location filename="../../ui/orders_page.ui" line="252"/>
        <source>Amount of the orders shown</source>
        <translation>Valor dos pedidos mostrados</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="262"/>
        <source>Paid</source>
        <translation>Pago</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/totals.py" line="47"/>
        <location filename="../../ui/orders_page.ui" line="278"/>
        <source>Paid of the orders shown</source>
        <translation>Pago dos pedidos mostrados</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/totals.py" line="41"/>
        <location filename="../../ui/orders_page.ui" line="288"/>
        <source>Balance due</source>
        <translation>Saldo devedor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/totals.py" line="39"/>
        <source>Balance due at the service</source>
        <translation>Saldo devedor no serviço</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/totals.py" line="50"/>
        <source>Balance due at the service of the orders shown</source>
        <translation>Saldo devedor no serviço dos pedidos mostrados</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/totals.py" line="54"/>
        <location filename="../../ui/orders_page.ui" line="304"/>
        <source>Balance due of the orders shown</source>
        <translation>Saldo devedor dos pedidos mostrados</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="343"/>
        <source>Orders received</source>
        <translation>Pedidos recebidos</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="362"/>
        <source>Stop loading these orders</source>
        <translation>Parar de carregar estes pedidos</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="365"/>
        <source>Stop (Esc)</source>
        <translation>Parar (Esc)</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="368"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../../ui/orders_page.ui" line="201"/>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="201"/>
        <source>Columns</source>
        <translation>Colunas</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/list_keys.py" line="50"/>
        <source>Choose an order first: arrows in the list, or Ctrl+F and its number. F8 then records a payment for it, F9 issues its invoice.</source>
        <translation>Escolha um pedido antes: setas na lista, ou Ctrl+F e o número dele. Então F8 registra um pagamento nele, F9 emite a nota fiscal.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/unreachable.py" line="47"/>
        <source>The service answers again. Sign in (File ▸ Sign in…) to read the orders as they are now and send what was kept here.</source>
        <translation>O serviço responde de novo. Entre (Arquivo ▸ Entrar…) para ler os pedidos como estão agora e enviar o que foi guardado aqui.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/unreachable.py" line="37"/>
        <source>The service cannot be reached since {since}. The orders shown are as read at {read}: they open, and a payment can be kept here and sent when it is back.</source>
        <translation>O serviço não pode ser alcançado desde {since}. Os pedidos mostrados são os lidos em {read}: eles abrem, e um pagamento pode ser guardado aqui e enviado quando o serviço voltar.</translation>
    </message>
</context>
<context>
    <name>OrdersTableModel</name>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="34"/>
        <source>Invoiced elsewhere</source>
        <translation>Faturado em outro lugar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="35"/>
        <source>Invoiced here</source>
        <translation>Faturado aqui</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="41"/>
        <source>Open</source>
        <translation>Em aberto</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="42"/>
        <source>Partly paid</source>
        <translation>Pago em parte</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="43"/>
        <location filename="../../desktop_app/gui/orders/columns.py" line="75"/>
        <source>Paid</source>
        <translation>Pago</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="70"/>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="71"/>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="72"/>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="73"/>
        <source>Customer</source>
        <translation>Cliente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="79"/>
        <source>Seller</source>
        <translation>Vendedor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="82"/>
        <source>Payment method</source>
        <translation>Forma de pagamento</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="85"/>
        <source>Plan</source>
        <translation>Plano</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="86"/>
        <source>Inst.</source>
        <translation>Parc.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="74"/>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="77"/>
        <source>Balance due</source>
        <translation>Saldo devedor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="87"/>
        <source>Customer id</source>
        <translation>Código do cliente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="88"/>
        <source>Seller id</source>
        <translation>Código do vendedor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/orders/columns.py" line="89"/>
        <source>Store</source>
        <translation>Loja</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="47"/>
        <source>{left} ({kept} kept here)</source>
        <translation>{left} ({kept} guardados aqui)</translation>
    </message>
</context>
<context>
    <name>PaymentDialog</name>
    <message>
        <location filename="../../desktop_app/gui/payments/payment_dialog.py" line="122"/>
        <source>Record payment — order {number}</source>
        <translation>Registrar pagamento — pedido {number}</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="48"/>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="68"/>
        <source>Installments</source>
        <translation>Parcelas</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="91"/>
        <source>Card brand</source>
        <translation>Bandeira do cartão</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="114"/>
        <source>Payment type</source>
        <translation>Tipo de pagamento</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="140"/>
        <source>Last four digits of the card</source>
        <translation>Quatro últimos dígitos do cartão</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="163"/>
        <source>NSU</source>
        <translation>NSU</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="183"/>
        <source>Authorization code</source>
        <translation>Código de autorização</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="229"/>
        <source>User id</source>
        <translation>Código do usuário</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="41"/>
        <source>&amp;Amount</source>
        <translation>&amp;Valor</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="6"/>
        <source>Record payment</source>
        <translation>Registrar pagamento</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="61"/>
        <source>&amp;Installments</source>
        <translation>&amp;Parcelas</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="84"/>
        <source>&amp;Brand</source>
        <translation>&amp;Bandeira</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="107"/>
        <source>T&amp;ype</source>
        <translation>&amp;Tipo</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="130"/>
        <source>&amp;Card, last four digits</source>
        <translation>&amp;Cartão, quatro últimos dígitos</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="137"/>
        <source>Only the last four digits, as the slip shows them.</source>
        <translation>Só os quatro últimos dígitos, como o comprovante os mostra.</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="156"/>
        <source>&amp;NSU</source>
        <translation>&amp;NSU</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="176"/>
        <source>Au&amp;thorization code</source>
        <translation>Código de a&amp;utorização</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="196"/>
        <source>Slip &amp;date</source>
        <translation>&amp;Data do comprovante</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="203"/>
        <source>Date on the slip</source>
        <translation>Data no comprovante</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="206"/>
        <source>The day the terminal printed the slip: the day close counts the payment on it</source>
        <translation>O dia em que a maquininha imprimiu o comprovante: o fechamento do dia conta o pagamento nele</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="222"/>
        <source>&amp;User</source>
        <translation>U&amp;suário</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="239"/>
        <source>&amp;Review (Enter)</source>
        <translation>&amp;Revisar (Enter)</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="294"/>
        <source>&amp;Back</source>
        <translation>&amp;Voltar</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="284"/>
        <source>Stop waiting for the service&apos;s answer; the app then checks whether the service has the payment</source>
        <translation>Parar de esperar a resposta do serviço; o app então confere se o serviço tem o pagamento</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="287"/>
        <source>Stop &amp;waiting</source>
        <translation>Parar de &amp;esperar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/payment_dialog.py" line="331"/>
        <location filename="../../ui/payment.ui" line="301"/>
        <source>&amp;Send (Enter)</source>
        <translation>&amp;Enviar (Enter)</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="342"/>
        <source>Set it &amp;aside</source>
        <translation>&amp;Deixar de lado</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="349"/>
        <source>&amp;Check again</source>
        <translation>&amp;Verificar de novo</translation>
    </message>
    <message>
        <location filename="../../ui/payment.ui" line="356"/>
        <source>Send it a&amp;gain</source>
        <translation>Enviar de &amp;novo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="30"/>
        <source>Type only the last four digits of the card, never the whole number. The field was emptied.</source>
        <translation>Digite só os quatro últimos dígitos do cartão, nunca o número inteiro. O campo foi esvaziado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="49"/>
        <source>The NSU has digits only.</source>
        <translation>O NSU tem só dígitos.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="51"/>
        <source>The card&apos;s last four are digits only.</source>
        <translation>Os quatro últimos do cartão são só dígitos.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="52"/>
        <source>The authorization code has letters and digits only, up to 12.</source>
        <translation>O código de autorização tem só letras e dígitos, até 12.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="61"/>
        <source>This order&apos;s plan allows one installment.</source>
        <translation>O plano deste pedido permite uma parcela.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="62"/>
        <source>This order&apos;s plan allows at most {count} installments.</source>
        <translation>O plano deste pedido permite no máximo {count} parcelas.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/payment_dialog.py" line="308"/>
        <source>&amp;Keep the slip (Enter)</source>
        <translation>&amp;Guardar o comprovante (Enter)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="100"/>
        <source>Type the amount, more than zero.</source>
        <translation>Digite o valor, maior que zero.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="103"/>
        <source>The amount has at most two decimals.</source>
        <translation>O valor tem no máximo duas casas decimais.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/unreachable.py" line="87"/>
        <source>The service cannot be reached now. Keep this slip for order {order} here? It is sent by itself when the service is back, after the same check for duplicates.</source>
        <translation>O serviço não pode ser alcançado agora. Guardar aqui este comprovante do pedido {order}? Ele é enviado sozinho quando o serviço voltar, depois da mesma verificação de duplicados.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="54"/>
        <source>Keep the slip: it waits on this computer, counted in the bar below the orders, and nothing is sent now. Back: change the slip.</source>
        <translation>Guardar o comprovante: ele aguarda neste computador, contado na barra abaixo dos pedidos, e nada é enviado agora. Voltar: alterar o comprovante.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="96"/>
        <source>The amount is more than the balance due ({due}).</source>
        <translation>O valor é maior que o saldo devedor ({due}).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/unreachable.py" line="74"/>
        <source>The service cannot be reached now. Keep this slip for order {order} of store {store} here? The order was typed by hand: the slip waits in Pending payments until someone confirms it with the order in view.</source>
        <translation>O serviço não pode ser alcançado agora. Guardar aqui este comprovante do pedido {order} da loja {store}? O pedido foi digitado à mão: o comprovante aguarda em Pagamentos pendentes até alguém confirmá-lo com o pedido à vista.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/unreachable.py" line="81"/>
        <source>The service cannot be reached now. This slip is for more than is left to pay on order {order} ({left}, with the slips kept here for it counted). Keep it here? It waits in Pending payments until someone confirms it with the order in view.</source>
        <translation>O serviço não pode ser alcançado agora. Este comprovante é de mais do que falta pagar no pedido {order} ({left}, contados os comprovantes guardados aqui para ele). Guardar aqui? Ele aguarda em Pagamentos pendentes até alguém confirmá-lo com o pedido à vista.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/typed_order_form.py" line="34"/>
        <source>Store of the order</source>
        <translation>Loja do pedido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/typed_order_form.py" line="39"/>
        <source>St&amp;ore</source>
        <translation>&amp;Loja</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="64"/>
        <source>This computer has a slip with this NSU and authorization code already ({state}, order {order}). See Pending payments.</source>
        <translation>Este computador já tem um comprovante com este NSU e código de autorização ({state}, pedido {order}). Veja Pagamentos pendentes.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="69"/>
        <source>The amount must be more than zero.</source>
        <translation>O valor deve ser maior que zero.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="78"/>
        <source>Slip of {amount} kept here for order {order}, for more than was left to pay: it waits in Pending payments until someone confirms it with the order in view.</source>
        <translation>Comprovante de {amount} guardado aqui para o pedido {order}, de mais do que faltava pagar: aguarda em Pagamentos pendentes até alguém confirmá-lo com o pedido à vista.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/kept_slips.py" line="84"/>
        <source>Slip of {amount} kept here for order {order}, typed by hand: it waits in Pending payments until someone confirms it with the order in view.</source>
        <translation>Comprovante de {amount} guardado aqui para o pedido {order}, digitado à mão: aguarda em Pagamentos pendentes até alguém confirmá-lo com o pedido à vista.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="106"/>
        <source>Type the last four digits of the card, from the terminal&apos;s slip.</source>
        <translation>Digite os quatro últimos dígitos do cartão, do comprovante da maquininha.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="109"/>
        <source>Type the NSU from the terminal&apos;s slip.</source>
        <translation>Digite o NSU do comprovante da maquininha.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="116"/>
        <source>Type the authorization code from the terminal&apos;s slip.</source>
        <translation>Digite o código de autorização do comprovante da maquininha.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="119"/>
        <source>Choose the card brand.</source>
        <translation>Escolha a bandeira do cartão.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/payment_dialog.py" line="290"/>
        <source>The order&apos;s payments could not be checked for duplicates:</source>
        <translation>Não foi possível conferir se os pagamentos do pedido estão duplicados:</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="145"/>
        <source>This order already has a payment with NSU {nsu} and authorization code {auth}: it is recorded. Nothing was sent.</source>
        <translation>Este pedido já tem um pagamento com NSU {nsu} e código de autorização {auth}: ele está registrado. Nada foi enviado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="137"/>
        <source>Record this payment on order {order}?</source>
        <translation>Registrar este pagamento no pedido {order}?</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="42"/>
        <source>The amount has digits only, with a comma before the cents.</source>
        <translation>O valor tem só dígitos, com vírgula antes dos centavos.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="45"/>
        <source>The amount has digits only, with a point before the cents.</source>
        <translation>O valor tem só dígitos, com ponto antes dos centavos.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="70"/>
        <source>The slip as you left it. Check it, then press Enter.</source>
        <translation>O comprovante como você o deixou. Confira e tecle Enter.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="171"/>
        <source>Some of this order&apos;s payments at the service could not be read here ({count}): this payment may already be among them. Check the order&apos;s payments with the service before sending.</source>
        <translation>Alguns pagamentos deste pedido no serviço não puderam ser lidos aqui ({count}): este pagamento pode já estar entre eles. Confira os pagamentos do pedido com o serviço antes de enviar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/payment_dialog.py" line="327"/>
        <source>&amp;Send anyway</source>
        <translation>&amp;Enviar mesmo assim</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="192"/>
        <source>Back (Enter): to the slip; nothing is sent. Send anyway ({key}): the service records it, even if it is the same payment.</source>
        <translation>Voltar (Enter): de volta ao comprovante; nada é enviado. Enviar mesmo assim ({key}): o serviço o registra, mesmo que seja o mesmo pagamento.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="201"/>
        <source>Back: to the slip, to correct it; nothing is sent. Send (Enter): the service records the payment on the order.</source>
        <translation>Voltar: de volta ao comprovante, para corrigi-lo; nada é enviado. Enviar (Enter): o serviço registra o pagamento no pedido.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/payment_dialog.py" line="120"/>
        <source>Record payment — order {number}, typed</source>
        <translation>Registrar pagamento — pedido {number}, digitado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/payment_dialog.py" line="387"/>
        <source>Sending…</source>
        <translation>Enviando…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="77"/>
        <source>Checking whether the service has the payment…</source>
        <translation>Conferindo se o serviço tem o pagamento…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="84"/>
        <source>Sign in again; the payment is sent as soon as you have.</source>
        <translation>Entre de novo; o pagamento é enviado assim que você entrar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="112"/>
        <source>An NSU has at most 12 digits: type it as the terminal&apos;s slip shows it.</source>
        <translation>Um NSU tem no máximo 12 dígitos: digite-o como o comprovante da maquininha o mostra.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="127"/>
        <source>Order {order} — typed by hand, its customer not known here</source>
        <translation>Pedido {order} — digitado à mão, cliente não conhecido aqui</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="130"/>
        <source>Order {order} — {customer}</source>
        <translation>Pedido {order} — {customer}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="180"/>
        <source>The service sent only part of this order&apos;s payments: this payment may already be among the rest. Check the order&apos;s payments with the service before sending.</source>
        <translation>O serviço enviou só uma parte dos pagamentos deste pedido: este pagamento pode já estar entre os demais. Confira os pagamentos do pedido com o serviço antes de enviar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="218"/>
        <source>Whether the service has this payment cannot be told: some of the order&apos;s payments it sent could not be read. Check with the service before sending it again; it is kept in Pending payments.</source>
        <translation>Não é possível saber se o serviço tem este pagamento: alguns pagamentos do pedido que ele enviou não puderam ser lidos. Confira com o serviço antes de enviá-lo de novo; ele fica em Pagamentos pendentes.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="227"/>
        <source>The service did not confirm the payment, and it does not have it. Check the terminal: if it was approved, send it again; otherwise set it aside.</source>
        <translation>O serviço não confirmou o pagamento e não o tem. Confira a maquininha: se foi aprovado, envie de novo; se não, deixe de lado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="236"/>
        <source>Set it aside: nothing is sent, and it leaves Pending payments. Check again: asks the service once more. Send it again: the service records it now (it said it does not have it).</source>
        <translation>Deixar de lado: nada é enviado, e ele sai dos Pagamentos pendentes. Verificar de novo: pergunta ao serviço mais uma vez. Enviar de novo: o serviço o registra agora (disse que não o tem).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="245"/>
        <source>The service did not take this payment, saying it may be recorded already ({words}), but it is not among this order&apos;s payments. Check with the service whether it has this slip; it is kept in Pending payments.</source>
        <translation>O serviço não aceitou este pagamento, dizendo que ele pode já estar registrado ({words}), mas ele não está entre os pagamentos deste pedido. Verifique com o serviço se ele tem este comprovante; ele fica em Pagamentos pendentes.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="255"/>
        <source>The payment may or may not have been recorded: the service could not be reached to check. It is kept in Pending payments. Check again when the network is back; do not send it again before.</source>
        <translation>O pagamento pode ou não ter sido registrado: o serviço não pôde ser alcançado para conferir. Ele fica em Pagamentos pendentes. Verifique de novo quando a rede voltar; não envie de novo antes disso.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="266"/>
        <source>Set it aside: nothing is sent, and it leaves Pending payments (only when the terminal did not approve it). Check again: asks the service whether it has the payment.</source>
        <translation>Deixar de lado: nada é enviado, e ele sai dos Pagamentos pendentes (só quando a maquininha não o aprovou). Verificar de novo: pergunta ao serviço se ele tem o pagamento.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/payment_dialog.py" line="467"/>
        <source>Checking…</source>
        <translation>Verificando…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/payment_form.py" line="154"/>
        <source>Careful: this order already has a payment of {amount} on a {brand} card ending {last}, NSU {nsu}, a few minutes ago. Send only if this is a different payment.</source>
        <translation>Atenção: este pedido já tem um pagamento de {amount} num cartão {brand} final {last}, NSU {nsu}, feito há poucos minutos. Envie só se for outro pagamento.</translation>
    </message>
</context>
<context>
    <name>PendingPaymentsDialog</name>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="40"/>
        <source>Written</source>
        <translation>Anotado em</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="41"/>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="42"/>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="43"/>
        <source>Card</source>
        <translation>Cartão</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="44"/>
        <source>NSU</source>
        <translation>NSU</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="45"/>
        <source>Auth.</source>
        <translation>Autoriz.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="46"/>
        <source>State</source>
        <translation>Situação</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="47"/>
        <source>Note</source>
        <translation>Observação</translation>
    </message>
    <message>
        <location filename="../../ui/pending.ui" line="6"/>
        <location filename="../../ui/pending.ui" line="37"/>
        <source>Pending payments</source>
        <translation>Pagamentos pendentes</translation>
    </message>
    <message>
        <location filename="../../ui/pending.ui" line="84"/>
        <source>&amp;Check all again</source>
        <translation>&amp;Verificar todos de novo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/pending.py" line="25"/>
        <source>Co&amp;nfirm the order and send</source>
        <translation>Co&amp;nfirmar o pedido e enviar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/pending.py" line="28"/>
        <source>Se&amp;nd the chosen one</source>
        <translation>E&amp;nviar o escolhido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/pending.py" line="29"/>
        <location filename="../../ui/pending.ui" line="91"/>
        <source>Send the chosen one a&amp;gain</source>
        <translation>Enviar o escolhido de &amp;novo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/pending.py" line="34"/>
        <source>Order {order} of {customer}: balance due {due}. The slip is for {amount}. If this is the order of the slip, send it; if not, set it aside.</source>
        <translation>Pedido {order} de {customer}: saldo devedor {due}. O comprovante é de {amount}. Se este é o pedido do comprovante, envie-o; se não, deixe-o de lado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/pending.py" line="48"/>
        <source>It goes to the service now, or as soon as it can be reached.</source>
        <translation>Ele vai para o serviço agora, ou assim que ele puder ser alcançado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/pending.py" line="57"/>
        <source>Store {store} has no order {order}. Check the number on the slip: set this one aside, and keep the slip again with the right number.</source>
        <translation>A loja {store} não tem o pedido {order}. Confira o número no comprovante: deixe este de lado e guarde o comprovante de novo com o número certo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/pending.py" line="74"/>
        <source>Send: it goes to the service, after the same check for duplicates. Set aside: it is never sent, and it leaves this list.</source>
        <translation>Enviar: ele vai para o serviço, depois da mesma verificação de duplicados. Deixar de lado: ele nunca é enviado e sai desta lista.</translation>
    </message>
    <message>
        <location filename="../../ui/pending.ui" line="21"/>
        <source>These payments were typed here and are not settled: sent with an outcome not known, kept while the service could not be reached, or refused by it. Check again first. Send again only a payment the terminal approved and the service does not have; set aside one that should not be recorded.</source>
        <translation>Estes pagamentos foram digitados aqui e não estão resolvidos: enviados com resultado desconhecido, guardados enquanto o serviço não podia ser alcançado, ou recusados por ele. Verifique de novo primeiro. Envie de novo só um pagamento que a maquininha aprovou e que o serviço não tem; deixe de lado o que não deve ser registrado.</translation>
    </message>
    <message>
        <location filename="../../ui/pending.ui" line="63"/>
        <source>Why it waits</source>
        <translation>Por que aguarda</translation>
    </message>
    <message>
        <location filename="../../ui/pending.ui" line="98"/>
        <source>Set the chosen one &amp;aside</source>
        <translation>&amp;Deixar o escolhido de lado</translation>
    </message>
    <message>
        <location filename="../../ui/pending.ui" line="115"/>
        <source>C&amp;lose</source>
        <translation>&amp;Fechar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/pending.py" line="68"/>
        <location filename="../../ui/pending.ui" line="130"/>
        <source>Check all again: asks the service about each one; nothing is sent. Send the chosen one again: the service records it now. Set the chosen one aside: nothing is sent, and it leaves this list.</source>
        <translation>Verificar todos de novo: pergunta ao serviço sobre cada um; nada é enviado. Enviar o escolhido de novo: o serviço o registra agora. Deixar o escolhido de lado: nada é enviado, e ele sai desta lista.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="117"/>
        <source>No payment is pending.</source>
        <translation>Nenhum pagamento pendente.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="173"/>
        <source>Reading the order…</source>
        <translation>Lendo o pedido…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="196"/>
        <source>Done.</source>
        <translation>Pronto.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="205"/>
        <source>Sign in again; this goes on as soon as you have.</source>
        <translation>Entre de novo; isto continua assim que você entrar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="213"/>
        <source>Checking…</source>
        <translation>Verificando…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/pending_dialog.py" line="240"/>
        <source>Sending…</source>
        <translation>Enviando…</translation>
    </message>
</context>
<context>
    <name>ServiceCheck</name>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="251"/>
        <source>The service answers as the app reads it: this address can be used.</source>
        <translation>O serviço responde como o aplicativo o lê: este endereço pode ser usado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="254"/>
        <source>The service answers, but the app would be stopped or misled: see the lines marked ✗ or !, and send them to IT or to the service&apos;s team.</source>
        <translation>O serviço responde, mas o aplicativo seria impedido ou enganado: veja as linhas marcadas com ✗ ou ! e envie-as à TI ou à equipe do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="259"/>
        <source>The check could not reach the service or sign in: see the line marked ✗.</source>
        <translation>A verificação não alcançou o serviço ou não conseguiu entrar: veja a linha marcada com ✗.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="263"/>
        <source>The service answers as the app reads it, but over plain http to another machine: do not use this address for real work.</source>
        <translation>O serviço responde como o aplicativo o lê, mas por http simples para outra máquina: não use este endereço para o trabalho real.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="271"/>
        <source>✗ Sign-in: there is no terminal to ask the password on. Give it with --password-stdin (and --user), or a token with --token-stdin.</source>
        <translation>✗ Entrada: não há terminal para pedir a senha. Dê a senha com --password-stdin (e --user), ou um token com --token-stdin.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="276"/>
        <source>✗ Sign-in: --password-stdin needs the user name: give it with --user.</source>
        <translation>✗ Entrada: --password-stdin precisa do nome de usuário: dê-o com --user.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/service_check.py" line="124"/>
        <source>Password: </source>
        <translation>Senha: </translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="17"/>
        <source>signed in as {user}; the answer ({keys}) holds the token in {found_at}, where the app reads it</source>
        <translation>entrou como {user}; a resposta ({keys}) traz o token em {found_at}, onde o aplicativo o lê</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="22"/>
        <source>the token given on standard input (no sign-in made)</source>
        <translation>o token dado na entrada padrão (nenhuma entrada feita)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="25"/>
        <source>the user name {user} or its password was not accepted. Check them, and try again.</source>
        <translation>o usuário {user} ou sua senha não foi aceito. Confira-os e tente de novo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="29"/>
        <source>nothing answers at the sign-in address {address} (404). IT sets the right one in service/login_url (--login-url, for one run).</source>
        <translation>nada responde no endereço de entrada {address} (404). A TI define o certo em service/login_url (--login-url, para uma execução).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="34"/>
        <source>the sign-in answered without a token (it holds: {keys}). The app looks for access_token, accessToken, token or jwt, at the top of the answer or under data: send this line to the service&apos;s team.</source>
        <translation>a entrada respondeu sem um token (ela traz: {keys}). O aplicativo procura access_token, accessToken, token ou jwt, no topo da resposta ou sob data: envie esta linha à equipe do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="40"/>
        <source>the token is not a JWT: the app cannot read who signed in. Send this line to the service&apos;s team.</source>
        <translation>o token não é um JWT: o aplicativo não consegue ler quem entrou. Envie esta linha à equipe do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="45"/>
        <source>the service refused the token ({status}): it may have expired, or be another service&apos;s. Sign in with a user name and password instead.</source>
        <translation>o serviço recusou o token ({status}): ele pode ter vencido, ou ser de outro serviço. Entre com usuário e senha em vez dele.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="50"/>
        <source>claims {claims}; valid for {lifetime}, after which the app asks to sign in again</source>
        <translation>claims {claims}; válido por {lifetime}, depois disso o aplicativo pede para entrar de novo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="54"/>
        <source>claims {claims}; no expiry (exp): the app keeps the sign-in until the service refuses it</source>
        <translation>claims {claims}; sem validade (exp): o aplicativo mantém a entrada até o serviço recusá-la</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="58"/>
        <source>read from {claim} ({user}), sent with payments and invoices</source>
        <translation>lido de {claim} ({user}), enviado com pagamentos e notas fiscais</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="61"/>
        <source>read from {claim} ({user}), as IT&apos;s service/user_id_claim says; sent with payments and invoices</source>
        <translation>lido de {claim} ({user}), como diz o service/user_id_claim da TI; enviado com pagamentos e notas fiscais</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="66"/>
        <source>no claim the app reads holds a whole number ({claims}): payments and invoices cannot be sent. If another claim holds the user&apos;s number, IT names it in service/user_id_claim; else the service&apos;s team adds userId to its tokens.</source>
        <translation>nenhuma claim que o aplicativo lê traz um número inteiro ({claims}): pagamentos e notas fiscais não podem ser enviados. Se outra claim traz o número do usuário, a TI a indica em service/user_id_claim; senão a equipe do serviço acrescenta userId aos seus tokens.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="72"/>
        <source>{claim} = {roles}, read as a manager&apos;s: invoicing is offered</source>
        <translation>{claim} = {roles}, lido como de gerente: a emissão de notas é oferecida</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="75"/>
        <source>{claim} = {roles}, read as no manager&apos;s: invoicing is greyed (the service would refuse it)</source>
        <translation>{claim} = {roles}, lido como de quem não é gerente: a emissão de notas fica desativada (o serviço a recusaria)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="80"/>
        <source>{claim} = {roles}, roles the app does not know: invoicing is offered and the service decides. IT names a manager&apos;s roles in service/manager_roles.</source>
        <translation>{claim} = {roles}, papéis que o aplicativo não conhece: a emissão de notas é oferecida e o serviço decide. A TI indica os papéis de gerente em service/manager_roles.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="85"/>
        <source>none in the token: invoicing is offered and the service decides</source>
        <translation>nenhum no token: a emissão de notas é oferecida e o serviço decide</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="88"/>
        <source>this desk&apos;s clock and the service&apos;s agree (within {seconds} s)</source>
        <translation>o relógio deste caixa e o do serviço concordam (com diferença de até {seconds} s)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="91"/>
        <source>this desk&apos;s clock is {minutes} min ahead of the service&apos;s: the end of a sign-in and the times of slips kept at the desk will be off. Ask IT to set the clock.</source>
        <translation>o relógio deste caixa está {minutes} min adiantado em relação ao do serviço: o fim de uma entrada e as horas dos comprovantes guardados no caixa ficarão errados. Peça à TI para acertar o relógio.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="96"/>
        <source>this desk&apos;s clock is {minutes} min behind the service&apos;s: the end of a sign-in and the times of slips kept at the desk will be off. Ask IT to set the clock.</source>
        <translation>o relógio deste caixa está {minutes} min atrasado em relação ao do serviço: o fim de uma entrada e as horas dos comprovantes guardados no caixa ficarão errados. Peça à TI para acertar o relógio.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="101"/>
        <source>the service&apos;s answers carry no Date: the clocks were not compared</source>
        <translation>as respostas do serviço não trazem Date: os relógios não foram comparados</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="104"/>
        <source>{count} read</source>
        <translation>total lido: {count}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="105"/>
        <source>the first {count} read: the check reads at most {megabytes} MB or {seconds} s of an answer, and left the rest</source>
        <translation>total lido: os primeiros {count}; a verificação lê no máximo {megabytes} MB ou {seconds} s de uma resposta, e deixou o resto</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="110"/>
        <source>all {count} read, page by page, as the app reads them</source>
        <translation>todos os {count} lidos, página por página, como o aplicativo os lê</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="113"/>
        <source>the service says its list holds {total}; the app reads {read}: {why}. The app would show that part. Send this line to the service&apos;s team.</source>
        <translation>o serviço diz que a lista dele tem {total}; o aplicativo lê {read}: {why}. O aplicativo mostraria essa parte. Envie esta linha à equipe do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="118"/>
        <source>the app reads {read}, and the service says it holds more: {why}. The app would show that part. Send this line to the service&apos;s team.</source>
        <translation>o aplicativo lê {read}, e o serviço diz que tem mais: {why}. O aplicativo mostraria essa parte. Envie esta linha à equipe do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="123"/>
        <source>none (an empty list)</source>
        <translation>nenhum (uma lista vazia)</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="124"/>
        <source>{unread} of {total} could not be read, and the app leaves them out: {reason} (the first). Send this line to the service&apos;s team.</source>
        <translation>não foi possível ler {unread} de {total}, e o aplicativo os deixa de fora: {reason} (o primeiro motivo). Envie esta linha à equipe do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="129"/>
        <source>the answer is not a list but {instead}: the app cannot read it. Send this line to the service&apos;s team.</source>
        <translation>a resposta não é uma lista, mas {instead}: o aplicativo não consegue lê-la. Envie esta linha à equipe do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="134"/>
        <source>the answer is not in the expected form ({reason}): the app cannot read it. Send this line to the service&apos;s team.</source>
        <translation>a resposta não está na forma esperada ({reason}): o aplicativo não consegue lê-la. Envie esta linha à equipe do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="139"/>
        <source>null or empty: {fields}; shown as not given</source>
        <translation>nulos ou vazios: {fields}; mostrados como não informados</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="142"/>
        <source>amountPaid null in {count} of {total}: read as nothing paid</source>
        <translation>amountPaid nulo em {count} de {total}: lido como nada pago</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="145"/>
        <source>installments null in {count} of {total}: read as one</source>
        <translation>installments nulo em {count} de {total}: lido como uma parcela</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="148"/>
        <source>{records} records on {days} days (more than one a day): the app sums each day&apos;s</source>
        <translation>{records} registros em {days} dias (mais de um por dia): o aplicativo soma os de cada dia</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="152"/>
        <source>order {order} read</source>
        <translation>pedido {order} lido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="153"/>
        <source>not checked: store {store} has no order to read</source>
        <translation>não verificado: a loja {store} não tem pedido para ler</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="156"/>
        <source>not checked: no order of store {store} has a payment</source>
        <translation>não verificado: nenhum pedido da loja {store} tem pagamento</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="159"/>
        <source>not checked: the orders of store {store} could not be read</source>
        <translation>não verificado: os pedidos da loja {store} não puderam ser lidos</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="162"/>
        <source>{count} found for “{term}”</source>
        <translation>resultados para “{term}”: {count}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="163"/>
        <source>nothing found for “{term}”: not checked further</source>
        <translation>nada encontrado para “{term}”: não verificado além disso</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="166"/>
        <source>a search with no match (“{term}”) answers an empty list: read as nothing found</source>
        <translation>uma busca sem resultado (“{term}”) responde uma lista vazia: lida como nada encontrado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="170"/>
        <source>a search with no match (“{term}”) answers 404: read as nothing found</source>
        <translation>uma busca sem resultado (“{term}”) responde 404: lida como nada encontrado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="173"/>
        <source>not checked: no customer&apos;s name was read to search for</source>
        <translation>não verificado: nenhum nome de cliente foi lido para buscar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="176"/>
        <source>{fields} in UTC (Z): read as that moment</source>
        <translation>{fields} em UTC (Z): lidos como esse instante</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="179"/>
        <source>{fields} with the offset {offsets}: read as that moment</source>
        <translation>{fields} com o fuso {offsets}: lidos como esse instante</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="182"/>
        <source>{fields} with no time zone ({example}): read as UTC. If the service writes its local time, IT sets service/time_zone (such as America/Sao_Paulo), else every time moves by hours; if it is UTC, IT sets UTC there.</source>
        <translation>{fields} sem fuso horário ({example}): lidos como UTC. Se o serviço escreve sua hora local, a TI define service/time_zone (como America/Sao_Paulo), senão toda hora se desloca em horas; se for UTC, a TI define UTC ali.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="188"/>
        <source>{fields} with no time zone ({example}): read in {zone}, as IT&apos;s service/time_zone says</source>
        <translation>{fields} sem fuso horário ({example}): lidos em {zone}, como diz o service/time_zone da TI</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="192"/>
        <source>{fields} with no time zone ({example}): read as UTC, for IT&apos;s service/time_zone ({zone}) names no time zone. IT corrects it (such as America/Sao_Paulo).</source>
        <translation>{fields} sem fuso horário ({example}): lidos como UTC, pois o service/time_zone da TI ({zone}) não é um fuso horário. A TI o corrige (por exemplo, America/Sao_Paulo).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="197"/>
        <source>{fields} as the day alone: read as that day, which no zone moves</source>
        <translation>{fields} só com o dia: lidos como esse dia, que nenhum fuso desloca</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="200"/>
        <source>{fields} as seconds since 1970: read as UTC</source>
        <translation>{fields} como segundos desde 1970: lidos como UTC</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="203"/>
        <source>numbers: read exactly</source>
        <translation>números: lidos exatamente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="204"/>
        <source>strings (“{example}”): read exactly</source>
        <translation>textos (“{example}”): lidos exatamente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="205"/>
        <source>sums written with binary noise ({count}, such as {example}): read as the nearest cent</source>
        <translation>somas escritas com ruído binário ({count}, como {example}): lidas como o centavo mais próximo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/service_findings.py" line="245"/>
        <source>Reading the store&apos;s orders: {amount}</source>
        <translation>Lendo os pedidos da loja: {amount}</translation>
    </message>
</context>
<context>
    <name>ServiceCheckDialog</name>
    <message>
        <location filename="../../ui/service_check.ui" line="6"/>
        <location filename="../../ui/service_check.ui" line="91"/>
        <source>Check the service</source>
        <translation>Verificar o serviço</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="27"/>
        <source>&amp;User name</source>
        <translation>&amp;Usuário</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="37"/>
        <source>User name to sign in with for the check</source>
        <translation>Usuário para entrar na verificação</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="44"/>
        <source>&amp;Password</source>
        <translation>&amp;Senha</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="54"/>
        <source>Password</source>
        <translation>Senha</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="61"/>
        <source>S&amp;tore</source>
        <translation>&amp;Loja</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="71"/>
        <source>Store whose orders are read</source>
        <translation>Loja cujos pedidos são lidos</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="74"/>
        <source>A store&apos;s number, such as 001. Left empty, the first store the service lists is read.</source>
        <translation>O número de uma loja, como 001. Vazio, é lida a primeira loja que o serviço lista.</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="77"/>
        <source>empty: the first store</source>
        <translation>vazio: a primeira loja</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="88"/>
        <source>&amp;Check</source>
        <translation>&amp;Verificar</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="101"/>
        <source>St&amp;op</source>
        <translation>&amp;Parar</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="104"/>
        <source>Stop the check</source>
        <translation>Parar a verificação</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="111"/>
        <source>The check is running</source>
        <translation>A verificação está em andamento</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="140"/>
        <source>Service check results</source>
        <translation>Resultados da verificação do serviço</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="155"/>
        <source>Cop&amp;y the lines</source>
        <translation>&amp;Copiar as linhas</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="158"/>
        <source>Copy the lines, to send to IT or the service&apos;s team</source>
        <translation>Copiar as linhas, para enviar à TI ou à equipe do serviço</translation>
    </message>
    <message>
        <location filename="../../ui/service_check.ui" line="175"/>
        <source>C&amp;lose</source>
        <translation>&amp;Fechar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/service_check_dialog.py" line="62"/>
        <source>Whether the service at {address} answers the way this app reads it. The check signs in for itself alone (your own sign-in is not touched) and only reads: nothing is created.</source>
        <translation>Se o serviço em {address} responde como este aplicativo o lê. A verificação entra só para si (a sua própria entrada não é tocada) e apenas lê: nada é criado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/service_check_dialog.py" line="77"/>
        <source>Type the user name and password to sign in with.</source>
        <translation>Digite o usuário e a senha para entrar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/service_check_dialog.py" line="90"/>
        <source>Checking…</source>
        <translation>Verificando…</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/service_check_dialog.py" line="101"/>
        <source>Stopped before the check ended.</source>
        <translation>Parado antes de a verificação terminar.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/service_check_dialog.py" line="110"/>
        <source>Copied.</source>
        <translation>Copiado.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../ui/settings.ui" line="6"/>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="34"/>
        <source>What this run uses</source>
        <translation>O que esta execução usa</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="56"/>
        <source>Service address</source>
        <translation>Endereço do serviço</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="89"/>
        <source>Sign-in address</source>
        <translation>Endereço de entrada</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="102"/>
        <source>Ce&amp;rtificate authority</source>
        <translation>&amp;Autoridade certificadora</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="111"/>
        <source>A file of the store&apos;s own certificate authority, trusted besides this computer&apos;s. Empty: this computer&apos;s certificates only.</source>
        <translation>Um arquivo da autoridade certificadora da própria loja, confiável além das deste computador. Vazio: só os certificados deste computador.</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="117"/>
        <source>This computer&apos;s certificates only</source>
        <translation>Só os certificados deste computador</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="127"/>
        <source>C&amp;hoose…</source>
        <translation>Escol&amp;her…</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="130"/>
        <source>Choose the certificate authority file</source>
        <translation>Escolher o arquivo da autoridade certificadora</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="146"/>
        <source>Test co&amp;nnection</source>
        <translation>Testar cone&amp;xão</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="149"/>
        <source>Test the connection to the service address</source>
        <translation>Testar a conexão com o endereço do serviço</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="165"/>
        <source>Check the ser&amp;vice…</source>
        <translation>&amp;Verificar o serviço…</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="193"/>
        <source>Connection test results</source>
        <translation>Resultado do teste de conexão</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="224"/>
        <source>Time-out in seconds</source>
        <translation>Tempo limite em segundos</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="237"/>
        <source>Loc&amp;k after</source>
        <translation>&amp;Bloquear depois de</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="247"/>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="244"/>
        <source>Lock after minutes without use</source>
        <translation>Bloquear depois de minutos sem uso</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="267"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="109"/>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="110"/>
        <source>min</source>
        <translation>min</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="111"/>
        <source>days</source>
        <translation>dias</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="112"/>
        <source>System language</source>
        <translation>Idioma do sistema</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="138"/>
        <source>training</source>
        <translation>treinamento</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="140"/>
        <source>{setting}: {value} ({option})</source>
        <translation>{setting}: {value} ({option})</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="146"/>
        <source>This run uses what its command line set; what you save here applies when the app starts without it, and Test connection checks what is typed here.</source>
        <translation>Esta execução usa o que a linha de comando definiu; o que você salvar aqui vale quando o programa abrir sem ela, e Testar conexão verifica o que está digitado aqui.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="159"/>
        <source>Set by your administrator</source>
        <translation>Definido pelo seu administrador</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="168"/>
        <source>Greyed settings are set by your administrator ({file}); ask IT to change them.</source>
        <translation>As configurações em cinza são definidas pelo seu administrador ({file}); peça à TI para alterá-las.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="201"/>
        <location filename="../../ui/settings.ui" line="114"/>
        <source>Certificate authority file</source>
        <translation>Arquivo da autoridade certificadora</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="203"/>
        <source>Certificates (*.pem *.crt *.cer *.der);;All files (*)</source>
        <translation>Certificados (*.pem *.crt *.cer *.der);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="49"/>
        <source>Service &amp;address</source>
        <translation>&amp;Endereço do serviço</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="82"/>
        <source>Sign-&amp;in address</source>
        <translation>Endereço de e&amp;ntrada</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="168"/>
        <source>Check whether the service this computer uses answers the way this app reads it</source>
        <translation>Verificar se o serviço que este computador usa responde como este aplicativo o lê</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="217"/>
        <source>&amp;Time-out</source>
        <translation>&amp;Tempo limite</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="260"/>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="287"/>
        <source>Currency</source>
        <translation>Moeda</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="280"/>
        <source>C&amp;urrency</source>
        <translation>&amp;Moeda</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="303"/>
        <source>Keep recorded &amp;payments</source>
        <translation>Guardar &amp;pagamentos registrados</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="310"/>
        <source>Days recorded payments are kept on this machine, for closing the day and finding a slip</source>
        <translation>Dias que os pagamentos registrados ficam nesta máquina, para o fechamento do dia e para achar um comprovante</translation>
    </message>
    <message>
        <location filename="../../ui/settings.ui" line="325"/>
        <source>Changes apply as soon as they are saved. A new service or sign-in address signs you out first.</source>
        <translation>As mudanças valem assim que são salvas. Um novo endereço do serviço ou de entrada encerra a sua sessão antes.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/settings_dialog.py" line="287"/>
        <source>Warning: plain http sends your sign-in over the network unencrypted. Use https.</source>
        <translation>Atenção: http simples envia sua entrada pela rede sem criptografia. Use https.</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../ui/shortcuts.ui" line="6"/>
        <location filename="../../ui/shortcuts.ui" line="18"/>
        <source>Keyboard shortcuts</source>
        <translation>Atalhos de teclado</translation>
    </message>
    <message>
        <location filename="../../ui/shortcuts.ui" line="37"/>
        <source>&amp;Close</source>
        <translation>&amp;Fechar</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <location filename="../../ui/sign_in.ui" line="6"/>
        <source>Sign in</source>
        <translation>Entrar</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/sign_in.py" line="152"/>
        <source>That is not a sign-in token. Copy it again, whole.</source>
        <translation>Isso não é um token de entrada. Copie de novo, inteiro.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/sign_in.py" line="163"/>
        <source>Type your user name and password.</source>
        <translation>Digite seu usuário e senha.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/session/sign_in.py" line="190"/>
        <source>Wrong user name or password.</source>
        <translation>Usuário ou senha errados.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/unreachable.py" line="58"/>
        <source>Wrong password, checked on this computer (the service cannot be reached). After several wrong tries the next one waits: try again in {seconds} s.</source>
        <translation>Senha errada, conferida neste computador (o serviço não pode ser alcançado). Depois de várias tentativas erradas a próxima espera: tente de novo em {seconds} s.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/unreachable.py" line="63"/>
        <source>Wrong password, checked on this computer (the service cannot be reached). Type it again.</source>
        <translation>Senha errada, conferida neste computador (o serviço não pode ser alcançado). Digite-a de novo.</translation>
    </message>
    <message>
        <location filename="../../ui/sign_in.ui" line="38"/>
        <source>&amp;User name</source>
        <translation>&amp;Usuário</translation>
    </message>
    <message>
        <location filename="../../ui/sign_in.ui" line="45"/>
        <source>User name</source>
        <translation>Usuário</translation>
    </message>
    <message>
        <location filename="../../ui/sign_in.ui" line="58"/>
        <source>&amp;Password</source>
        <translation>&amp;Senha</translation>
    </message>
    <message>
        <location filename="../../ui/sign_in.ui" line="65"/>
        <source>Password</source>
        <translation>Senha</translation>
    </message>
    <message>
        <location filename="../../ui/sign_in.ui" line="72"/>
        <source>Someone &amp;else signs in (ends this session)</source>
        <translation>Outra &amp;pessoa entra (encerra esta sessão)</translation>
    </message>
    <message>
        <location filename="../../ui/sign_in.ui" line="82"/>
        <source>Paste a &amp;token instead</source>
        <translation>Co&amp;lar um token em vez disso</translation>
    </message>
    <message>
        <location filename="../../ui/sign_in.ui" line="116"/>
        <source>Use a user &amp;name and password instead</source>
        <translation>Usar usuário e senha em &amp;vez disso</translation>
    </message>
    <message>
        <location filename="../../ui/sign_in.ui" line="102"/>
        <source>&amp;Access token</source>
        <translation>&amp;Token de acesso</translation>
    </message>
    <message>
        <location filename="../../ui/sign_in.ui" line="109"/>
        <source>Access token</source>
        <translation>Token de acesso</translation>
    </message>
</context>
<context>
    <name>SlipCard</name>
    <message>
        <location filename="../../desktop_app/gui/payments/slip_card.py" line="64"/>
        <source>{brand}, {kind}, {card}</source>
        <translation>{brand}, {kind}, {card}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/payments/slip_card.py" line="84"/>
        <source>{amount}, {card}, {installments} installment(s).</source>
        <translation>{amount}, {card}, {installments} parcela(s).</translation>
    </message>
    <message>
        <location filename="../../ui/slip_card.ui" line="9"/>
        <source>The payment</source>
        <translation>O pagamento</translation>
    </message>
    <message>
        <location filename="../../ui/slip_card.ui" line="18"/>
        <location filename="../../ui/slip_card.ui" line="28"/>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <location filename="../../ui/slip_card.ui" line="41"/>
        <location filename="../../ui/slip_card.ui" line="51"/>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location filename="../../ui/slip_card.ui" line="64"/>
        <location filename="../../ui/slip_card.ui" line="74"/>
        <source>Card</source>
        <translation>Cartão</translation>
    </message>
    <message>
        <location filename="../../ui/slip_card.ui" line="87"/>
        <location filename="../../ui/slip_card.ui" line="97"/>
        <source>Installments</source>
        <translation>Parcelas</translation>
    </message>
    <message>
        <location filename="../../ui/slip_card.ui" line="110"/>
        <location filename="../../ui/slip_card.ui" line="120"/>
        <source>NSU</source>
        <translation>NSU</translation>
    </message>
    <message>
        <location filename="../../ui/slip_card.ui" line="133"/>
        <location filename="../../ui/slip_card.ui" line="143"/>
        <source>Authorization code</source>
        <translation>Código de autorização</translation>
    </message>
    <message>
        <location filename="../../ui/slip_card.ui" line="156"/>
        <location filename="../../ui/slip_card.ui" line="166"/>
        <source>Slip of</source>
        <translation>Comprovante de</translation>
    </message>
    <message>
        <location filename="../../ui/slip_card.ui" line="179"/>
        <location filename="../../ui/slip_card.ui" line="189"/>
        <source>Written</source>
        <translation>Anotado em</translation>
    </message>
    <message>
        <location filename="../../ui/slip_card.ui" line="202"/>
        <location filename="../../ui/slip_card.ui" line="212"/>
        <source>User</source>
        <translation>Usuário</translation>
    </message>
</context>
<context>
    <name>TerminalMappingDialog</name>
    <message>
        <location filename="../../desktop_app/gui/day_close/mapping_dialog.py" line="138"/>
        <source>Choose the column of: {fields}.</source>
        <translation>Escolha a coluna de: {fields}.</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="6"/>
        <source>Columns of the terminal&apos;s export</source>
        <translation>Colunas do arquivo da maquininha</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="21"/>
        <source>Say once which column of this terminal&apos;s export holds what; it is kept for this terminal model. Only these columns are read, and nothing of the file is kept. Lines of other types or statuses (PIX, meal vouchers, cancellations) are shown apart, never as missing.</source>
        <translation>Diga uma vez qual coluna do arquivo desta maquininha traz o quê; fica guardado para este modelo de maquininha. Só estas colunas são lidas, e nada do arquivo é guardado. Linhas de outros tipos ou situações (PIX, vale-refeição, cancelamentos) aparecem à parte, nunca como faltando.</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="36"/>
        <source>Terminal &amp;model</source>
        <translation>&amp;Modelo da maquininha</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="43"/>
        <source>Terminal model (its mapping is kept under this name)</source>
        <translation>Modelo da maquininha (as colunas ficam guardadas com este nome)</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="59"/>
        <source>&amp;Date</source>
        <translation>&amp;Data</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="66"/>
        <source>Column of the sale&apos;s date</source>
        <translation>Coluna da data da venda</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="79"/>
        <source>&amp;NSU</source>
        <translation>&amp;NSU</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="86"/>
        <source>Column of the NSU</source>
        <translation>Coluna do NSU</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="99"/>
        <source>&amp;Authorization code</source>
        <translation>Código de &amp;autorização</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="106"/>
        <source>Column of the authorization code</source>
        <translation>Coluna do código de autorização</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="119"/>
        <source>&amp;Brand</source>
        <translation>&amp;Bandeira</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="126"/>
        <source>Column of the card&apos;s brand</source>
        <translation>Coluna da bandeira do cartão</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="139"/>
        <source>&amp;Type</source>
        <translation>&amp;Tipo</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="146"/>
        <source>Column of the payment type</source>
        <translation>Coluna do tipo de pagamento</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="159"/>
        <source>&amp;Installments</source>
        <translation>&amp;Parcelas</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="166"/>
        <source>Column of the installments (if any)</source>
        <translation>Coluna das parcelas (se houver)</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="179"/>
        <source>Am&amp;ount</source>
        <translation>&amp;Valor</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="186"/>
        <source>Column of the amount</source>
        <translation>Coluna do valor</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="199"/>
        <source>&amp;Status</source>
        <translation>&amp;Situação</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="206"/>
        <source>Column of the status (if any)</source>
        <translation>Coluna da situação (se houver)</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="219"/>
        <source>Card&apos;s &amp;last four</source>
        <translation>&amp;Últimos quatro do cartão</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="226"/>
        <source>Column of the card&apos;s last four digits (if any)</source>
        <translation>Coluna dos quatro últimos dígitos do cartão (se houver)</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="239"/>
        <source>N&amp;umbers written as</source>
        <translation>Números &amp;escritos como</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="246"/>
        <source>How the file writes amounts</source>
        <translation>Como o arquivo escreve valores</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="259"/>
        <source>Dates &amp;written as</source>
        <translation>Datas escritas c&amp;omo</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="266"/>
        <source>How the file writes dates</source>
        <translation>Como o arquivo escreve datas</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="279"/>
        <source>C&amp;redit card types</source>
        <translation>&amp;Lista de tipos de crédito</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="286"/>
        <source>Values of the type column that are credit card sales, separated by commas</source>
        <translation>Valores da coluna de tipo que são vendas no crédito, separados por vírgulas</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="299"/>
        <source>Debit card t&amp;ypes</source>
        <translation>Lista de tipos de déb&amp;ito</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="306"/>
        <source>Values of the type column that are debit card sales, separated by commas</source>
        <translation>Valores da coluna de tipo que são vendas no débito, separados por vírgulas</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="319"/>
        <source>Appro&amp;ved statuses</source>
        <translation>Situações ap&amp;rovadas</translation>
    </message>
    <message>
        <location filename="../../ui/terminal_mapping.ui" line="326"/>
        <source>Values of the status column that are approved sales, separated by commas (empty: every line)</source>
        <translation>Valores da coluna de situação que são vendas aprovadas, separados por vírgulas (vazio: toda linha)</translation>
    </message>
</context>
<context>
    <name>TypedFields</name>
    <message>
        <location filename="../../desktop_app/gui/shared/typed_fields.py" line="161"/>
        <source>Discard your changes?</source>
        <translation>Descartar as alterações?</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shared/typed_fields.py" line="162"/>
        <source>Your changes here are not saved. Close and discard them?</source>
        <translation>Suas alterações aqui não foram salvas. Fechar e descartá-las?</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shared/typed_fields.py" line="165"/>
        <source>&amp;Discard changes</source>
        <translation>&amp;Descartar alterações</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/shared/typed_fields.py" line="166"/>
        <source>&amp;Keep editing</source>
        <translation>Continuar &amp;editando</translation>
    </message>
</context>
<context>
    <name>Values</name>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="21"/>
        <source>Credit</source>
        <translation>Crédito</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="22"/>
        <source>Debit</source>
        <translation>Débito</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="24"/>
        <source>Pix</source>
        <translation>Pix</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="27"/>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="28"/>
        <source>Credit card</source>
        <translation>Cartão de crédito</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="29"/>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="30"/>
        <source>Debit card</source>
        <translation>Cartão de débito</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="42"/>
        <source>cashier</source>
        <translation>operador de caixa</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="43"/>
        <source>manager</source>
        <translation>gerente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="44"/>
        <source>administrator</source>
        <translation>administrador</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="48"/>
        <source>Outcome unknown</source>
        <translation>Resultado desconhecido</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="49"/>
        <source>Needs your decision</source>
        <translation>Precisa da sua decisão</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="50"/>
        <source>Recorded</source>
        <translation>Registrado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="51"/>
        <source>Refused</source>
        <translation>Recusado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="52"/>
        <source>Set aside</source>
        <translation>Deixado de lado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="53"/>
        <source>Kept here, not yet sent</source>
        <translation>Guardado aqui, ainda não enviado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="54"/>
        <source>Kept here, waiting for a check</source>
        <translation>Guardado aqui, aguardando conferência</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="60"/>
        <source>Not sent: the address or certificate authority in Settings cannot be used.</source>
        <translation>Não enviado: o endereço ou a autoridade certificadora em Configurações não pode ser usado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="64"/>
        <source>Not sent: the session had ended.</source>
        <translation>Não enviado: a sessão tinha terminado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="65"/>
        <source>Not sent: the service could not be reached.</source>
        <translation>Não enviado: o serviço não pôde ser alcançado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="66"/>
        <source>Not sent: the service takes it only from the person who kept it, who has not signed in since.</source>
        <translation>Não enviado: o serviço só o aceita de quem o guardou, que não entrou desde então.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="71"/>
        <source>Not sent yet.</source>
        <translation>Ainda não enviado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="95"/>
        <source>More than was left to pay on its order, with the slips kept here for it: confirm the order with its customer.</source>
        <translation>Mais do que faltava pagar no pedido, contados os comprovantes guardados aqui para ele: confirme o pedido com o cliente.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="105"/>
        <source>The service refused it and said:</source>
        <translation>O serviço recusou e disse:</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="106"/>
        <source>Refused as recorded already, but not among this order&apos;s payments; the service said:</source>
        <translation>Recusado como já registrado, mas não está entre os pagamentos deste pedido; o serviço disse:</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="126"/>
        <source>“{words}”</source>
        <translation>“{words}”</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="160"/>
        <source>“{name}” is the service&apos;s own name for it, shown as it was sent.</source>
        <translation>“{name}” é o nome que o próprio serviço dá, mostrado como veio.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="186"/>
        <source>{count}x interest-free</source>
        <translation>{count}x sem juros</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="188"/>
        <source>{count}x with interest</source>
        <translation>{count}x com juros</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="195"/>
        <source>not given</source>
        <translation>não informado</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="59"/>
        <source>Not sent: it never left this computer.</source>
        <translation>Não enviado: nunca saiu deste computador.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="104"/>
        <source>Set aside by the cashier.</source>
        <translation>Deixado de lado pelo operador de caixa.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="75"/>
        <source>The service could not be asked whether it has this payment.</source>
        <translation>Não foi possível perguntar ao serviço se ele tem este pagamento.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="35"/>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="36"/>
        <source>One payment</source>
        <translation>À vista</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="78"/>
        <source>The service&apos;s list of this order&apos;s payments could be read only in part: whether it has this payment cannot be told.</source>
        <translation>A lista de pagamentos deste pedido no serviço só pôde ser lida em parte: não dá para saber se ele tem este pagamento.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="83"/>
        <source>The service has a payment with this NSU and authorization code, but a different amount or card.</source>
        <translation>O serviço tem um pagamento com este NSU e código de autorização, mas com outro valor ou cartão.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="88"/>
        <source>The service did not confirm this payment and does not have it.</source>
        <translation>O serviço não confirmou este pagamento e não o tem.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="92"/>
        <source>Confirm the order with its customer and balance.</source>
        <translation>Confirme o pedido com o cliente e o saldo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="100"/>
        <source>The order has a payment of the same amount and card from around the same time.</source>
        <translation>O pedido tem um pagamento do mesmo valor e cartão de mais ou menos a mesma hora.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="72"/>
        <source>The service could not read this order&apos;s payments.</source>
        <translation>O serviço não conseguiu ler os pagamentos deste pedido.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/look/value_labels.py" line="91"/>
        <source>The service had this payment already.</source>
        <translation>O serviço já tinha este pagamento.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/widgets/labels.py" line="109"/>
        <source>{caption} is {value}</source>
        <translation>{caption} é {value}</translation>
    </message>
</context>
<context>
    <name>errors</name>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="79"/>
        <source>Your session has ended. Please sign in again.</source>
        <translation>Sua sessão terminou. Entre de novo, por favor.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="83"/>
        <source>You are not allowed to do this. Ask a manager.</source>
        <translation>Você não tem permissão para isso. Peça a um gerente.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="114"/>
        <source>This no longer exists. Refresh the list and try again.</source>
        <translation>Isto não existe mais. Atualize a lista e tente de novo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="119"/>
        <source>The service did not accept this:</source>
        <translation>O serviço não aceitou isto:</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="45"/>
        <source>the certificate of {names} was issued by {issuer}, an authority this computer does not trust. Ask IT for the store&apos;s certificate authority file and choose it in {authority}.</source>
        <translation>o certificado de {names} foi emitido por {issuer}, uma autoridade em que este computador não confia. Peça à TI o arquivo da autoridade certificadora da loja e escolha-o em {authority}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="50"/>
        <source>the certificate was issued for {names}, not for {host} (issued by {issuer}). Use that name in {address}, or ask IT.</source>
        <translation>o certificado foi emitido para {names}, não para {host} (emitido por {issuer}). Use esse nome em {address}, ou fale com a TI.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="55"/>
        <source>the certificate of {names} expired on {not_after} (issued by {issuer}). Ask IT to renew it.</source>
        <translation>o certificado de {names} venceu em {not_after} (emitido por {issuer}). Peça à TI para renová-lo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="60"/>
        <source>the certificate of {names} is valid only from {not_before} (issued by {issuer}). Check this computer&apos;s date and time, or ask IT.</source>
        <translation>o certificado de {names} só vale a partir de {not_before} (emitido por {issuer}). Confira a data e a hora deste computador, ou fale com a TI.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="65"/>
        <source>{detail} (the certificate of {names}, issued by {issuer}). Ask IT for the store&apos;s certificate authority file and choose it in {authority}.</source>
        <translation>{detail} (o certificado de {names}, emitido por {issuer}). Peça à TI o arquivo da autoridade certificadora da loja e escolha-o em {authority}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="109"/>
        <source>it is not a certificate file (a device, a pipe, or larger than 4 MB), and was not read.</source>
        <translation>não é um arquivo de certificado (um dispositivo, um pipe, ou maior que 4 MB), e não foi lido.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="113"/>
        <source>it holds the certificate of {names} (issued by {issuer}), not that of a certificate authority: ask IT for the file of the authority that issued it.</source>
        <translation>ele contém o certificado de {names} (emitido por {issuer}), não o de uma autoridade certificadora: peça à TI o arquivo da autoridade que o emitiu.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="284"/>
        <source>The service is taking too long to answer. Check the network and retry.</source>
        <translation>O serviço está demorando demais para responder. Confira a rede e tente de novo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/unreachable.py" line="22"/>
        <source>The service cannot be reached. Check the network cable or Wi-Fi, then retry.</source>
        <translation>O serviço não pode ser alcançado. Confira o cabo de rede ou o Wi-Fi e tente de novo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="170"/>
        <source>What was typed holds a character that cannot be sent (often from a paste). Nothing was sent: type it again.</source>
        <translation>O texto digitado tem um caractere que não pode ser enviado (muitas vezes vindo de um colar). Nada foi enviado: digite-o de novo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="178"/>
        <source>The service&apos;s answer is larger than this app can take, or damaged. Retry; if it happens again, call support.</source>
        <translation>A resposta do serviço é maior do que este app aceita, ou está danificada. Tente de novo; se acontecer de novo, chame o suporte.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="195"/>
        <source>The service sent an answer this app does not understand. Retry, or call support.</source>
        <translation>O serviço enviou uma resposta que este programa não entende. Tente de novo ou chame o suporte.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="221"/>
        <source>This payment was not recorded, and nothing was sent (the form keeps what you typed). {why}</source>
        <translation>Este pagamento não foi registrado, e nada foi enviado (o formulário guarda o que você digitou). {why}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="229"/>
        <source>The service refused the request ({status}).</source>
        <translation>O serviço recusou o pedido ({status}).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="202"/>
        <source>The service address cannot be used: {reason} Correct it in File ▸ Settings ▸ Service address.</source>
        <translation>O endereço do serviço não pode ser usado: {reason} Corrija-o em Arquivo ▸ Configurações ▸ Endereço do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="88"/>
        <source>This address does not answer as the store service. Check File ▸ Settings ▸ Service address.</source>
        <translation>Este endereço não responde como o serviço da loja. Confira Arquivo ▸ Configurações ▸ Endereço do serviço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="95"/>
        <source>The service address your administrator set does not answer as the store service. Ask IT to check it.</source>
        <translation>O endereço do serviço definido pelo seu administrador não responde como o serviço da loja. Peça à TI para verificá-lo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="102"/>
        <source>The sign-in address does not answer. Check File ▸ Settings ▸ Sign-in address.</source>
        <translation>O endereço de entrada não responde. Confira Arquivo ▸ Configurações ▸ Endereço de entrada.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="108"/>
        <source>The sign-in address your administrator set does not answer. Ask IT to check it.</source>
        <translation>O endereço de entrada definido pelo seu administrador não responde. Peça à TI para verificá-lo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="124"/>
        <source>The service did not answer in {seconds} s. Check the network and retry.</source>
        <translation>O serviço não respondeu em {seconds} s. Confira a rede e tente de novo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="130"/>
        <source>The service&apos;s certificate was not accepted: {reason}</source>
        <translation>O certificado do serviço não foi aceito: {reason}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="134"/>
        <source>The certificate authority file cannot be used: {reason} Choose another in File ▸ Settings ▸ Certificate authority.</source>
        <translation>O arquivo da autoridade certificadora não pode ser usado: {reason} Escolha outro em Arquivo ▸ Configurações ▸ Autoridade certificadora.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="141"/>
        <source>The certificate authority file your administrator set cannot be used: {reason} Ask IT to correct it.</source>
        <translation>O arquivo da autoridade certificadora definido pelo seu administrador não pode ser usado: {reason} Peça à TI para corrigi-lo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="146"/>
        <source>The certificate authority file given with {option} cannot be used: {reason} Correct it on the command line.</source>
        <translation>O arquivo da autoridade certificadora dado com {option} não pode ser usado: {reason} Corrija-o na linha de comando.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="154"/>
        <source>The service had an internal error ({status}). Wait a moment and retry; if it goes on, call support.</source>
        <translation>O serviço teve um erro interno ({status}). Aguarde um momento e tente de novo; se continuar, chame o suporte.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="162"/>
        <source>That holds a full card number, which is never sent. Nothing was sent: for a payment, type only the last four digits of the card.</source>
        <translation>Isso contém um número de cartão completo, que nunca é enviado. Nada foi enviado: num pagamento, digite só os quatro últimos dígitos do cartão.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="186"/>
        <source>The service answered with something that is no record (a web page, or an error): whether it was recorded is not known. It is looked for at the service; do not record it again.</source>
        <translation>O serviço respondeu com algo que não é um registro (uma página web, ou um erro): não se sabe se foi registrado. Ele é procurado no serviço; não o registre de novo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="209"/>
        <source>The service address your administrator set cannot be used: {reason} Ask IT to correct it.</source>
        <translation>O endereço do serviço definido pelo seu administrador não pode ser usado: {reason} Peça à TI para corrigi-lo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="214"/>
        <source>The service address given with {option} cannot be used: {reason} Correct it on the command line.</source>
        <translation>O endereço do serviço dado com {option} não pode ser usado: {reason} Corrija-o na linha de comando.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="22"/>
        <source>it gave no way to ask for the rest</source>
        <translation>ele não deu como pedir o restante</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="23"/>
        <source>it gives the rest in pages in a way this app does not follow</source>
        <translation>ele entrega o restante em páginas de um jeito que este aplicativo não segue</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="26"/>
        <source>its next page led back to a page already read</source>
        <translation>a próxima página dele levou de volta a uma página já lida</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="27"/>
        <source>its next page is at another address, where this app never sends your sign-in</source>
        <translation>a próxima página dele está em outro endereço, para onde este aplicativo nunca envia o seu login</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="31"/>
        <source>it gave more pages than this app reads</source>
        <translation>ele deu mais páginas do que este aplicativo lê</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="32"/>
        <source>its pages together are larger than this app reads</source>
        <translation>as páginas dele, juntas, são maiores do que este aplicativo lê</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="35"/>
        <source>its answer was cut off before its end, each time it was asked</source>
        <translation>a resposta dele foi cortada antes do fim, todas as vezes em que foi pedida</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="38"/>
        <source>the list changed while its pages were read: refresh to read it again</source>
        <translation>a lista mudou enquanto suas páginas eram lidas: atualize para lê-la de novo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="41"/>
        <source>it says it holds more</source>
        <translation>ele diz que tem mais</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="52"/>
        <source>The service&apos;s list holds {total}; {read} were read</source>
        <translation>A lista do serviço tem {total}; foram lidos {read}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="56"/>
        <source>{read} were read of the service&apos;s list, which may hold more</source>
        <translation>Foram lidos {read} da lista do serviço, que pode ter mais</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="59"/>
        <source>{count}: {why}. What is shown, and its totals, are of that part. Tell IT: the service&apos;s paging needs a look.</source>
        <translation>{count}: {why}. O que aparece, e os totais, são dessa parte. Avise a TI: a paginação do serviço precisa ser verificada.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="22"/>
        <source>it is empty.</source>
        <translation>está vazio.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="23"/>
        <source>it must start with https:// (or http:// on this machine).</source>
        <translation>deve começar com https:// (ou http:// nesta máquina).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="26"/>
        <source>it names no machine.</source>
        <translation>não indica nenhuma máquina.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="27"/>
        <source>it holds a space.</source>
        <translation>tem um espaço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="28"/>
        <source>it holds a user name or password, which never go in an address.</source>
        <translation>tem um nome de usuário ou senha, que nunca vão num endereço.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="31"/>
        <source>it holds a ? or a #.</source>
        <translation>tem um ? ou um #.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="32"/>
        <source>its port is not a number from 1 to 65535.</source>
        <translation>a porta não é um número de 1 a 65535.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="35"/>
        <source>an IPv6 address goes in brackets, as in https://[fe80::1]:8443.</source>
        <translation>um endereço IPv6 vai entre colchetes, como em https://[fe80::1]:8443.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="38"/>
        <source>it is longer than any address (2,048 characters at most).</source>
        <translation>é mais longo que qualquer endereço (no máximo 2.048 caracteres).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="74"/>
        <source>the certificate of {host} was issued by an authority this computer does not trust (it could not be read from here, to say more). Ask IT for the store&apos;s certificate authority file and choose it in {authority}.</source>
        <translation>o certificado de {host} foi emitido por uma autoridade em que este computador não confia (não pôde ser lido daqui, para dizer mais). Peça à TI o arquivo da autoridade certificadora da loja e escolha-o em {authority}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="80"/>
        <source>the certificate is not issued for {host} (it could not be read from here, to say whose it is). Use the name it was issued for in {address}, or ask IT.</source>
        <translation>o certificado não foi emitido para {host} (não pôde ser lido daqui, para dizer de quem é). Use o nome para o qual ele foi emitido em {address}, ou pergunte à TI.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="85"/>
        <source>the certificate of {host} has expired (it could not be read from here, to say when). Ask IT to renew it.</source>
        <translation>o certificado de {host} expirou (não pôde ser lido daqui, para dizer quando). Peça à TI para renová-lo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="90"/>
        <source>the certificate of {host} is not valid yet (it could not be read from here, to say from when). Check this computer&apos;s date and time, or ask IT.</source>
        <translation>o certificado de {host} ainda não é válido (não pôde ser lido daqui, para dizer a partir de quando). Confira a data e a hora deste computador, ou pergunte à TI.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="95"/>
        <source>{detail} (the certificate of {host}; it could not be read from here, to say more). Ask IT for the store&apos;s certificate authority file and choose it in {authority}.</source>
        <translation>{detail} (o certificado de {host}; não pôde ser lido daqui, para dizer mais). Peça à TI o arquivo da autoridade certificadora da loja e escolha-o em {authority}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="105"/>
        <source>it does not exist or cannot be opened.</source>
        <translation>ele não existe ou não pode ser aberto.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="108"/>
        <source>it holds no certificate.</source>
        <translation>ele não contém nenhum certificado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="239"/>
        <source>Something went wrong in the app. Retry; if it happens again, call support.</source>
        <translation>Algo deu errado no programa. Tente de novo; se acontecer outra vez, chame o suporte.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="292"/>
        <source>The service&apos;s answer (status {status}) quoted what was sent at sign-in, so it is not shown. Try again; if it happens again, tell IT.</source>
        <translation>A resposta do serviço (status {status}) citou o que foi enviado na entrada, por isso não é mostrada. Tente de novo; se acontecer outra vez, avise a TI.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/journal.py" line="14"/>
        <source>Payments cannot be recorded: this computer cannot write its payment journal ({file}): the file or its folder is read-only. Orders and lookups still work. Ask IT to make it writable; recording comes back by itself then.</source>
        <translation>Não é possível registrar pagamentos: este computador não consegue gravar o seu diário de pagamentos ({file}): o arquivo ou a pasta dele é somente leitura. Pedidos e consultas continuam funcionando. Peça à TI que libere a gravação; o registro volta sozinho depois disso.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/journal.py" line="20"/>
        <source>Payments cannot be recorded: the disk that holds the payment journal ({file}) is full. Orders and lookups still work. Free some space on it, or ask IT; recording comes back by itself then.</source>
        <translation>Não é possível registrar pagamentos: o disco do diário de pagamentos ({file}) está cheio. Pedidos e consultas continuam funcionando. Libere espaço nele, ou chame a TI; o registro volta sozinho depois disso.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/journal.py" line="26"/>
        <source>Payments cannot be recorded: the payment journal ({file}) was written by a newer version of POS Back-Office (journal version {found}; this version reads up to {known}). Nothing in it was changed. Orders and lookups still work. Start the newer version again, or ask IT.</source>
        <translation>Não é possível registrar pagamentos: o diário de pagamentos ({file}) foi gravado por uma versão mais nova do POS Back-Office (diário versão {found}; esta versão lê até a {known}). Nada nele foi mudado. Pedidos e consultas continuam funcionando. Abra de novo a versão mais nova, ou chame a TI.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/errors.py" line="311"/>
        <source>The app must close ({kind}). Start it again.</source>
        <translation>O aplicativo precisa fechar ({kind}). Abra-o de novo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="187"/>
        <source>File ▸ Settings ▸ Certificate authority</source>
        <translation>Arquivo ▸ Configurações ▸ Autoridade certificadora</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="188"/>
        <source>File ▸ Settings ▸ Service address</source>
        <translation>Arquivo ▸ Configurações ▸ Endereço do serviço</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/reasons.py" line="197"/>
        <source>the command line ({option})</source>
        <translation>a linha de comando ({option})</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="76"/>
        <source>{count} item of the service&apos;s answer could not be read and is not shown.</source>
        <translation>{count} item da resposta do serviço não pôde ser lido e não é mostrado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="79"/>
        <source>{count} items of the service&apos;s answer could not be read and are not shown.</source>
        <translation>{count} itens da resposta do serviço não puderam ser lidos e não são mostrados.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="85"/>
        <source>The rest is shown; tell support if it happens again.</source>
        <translation>O restante é mostrado; avise o suporte se acontecer de novo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="90"/>
        <source>Item {number}: {reason}</source>
        <translation>Item {number}: {reason}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/words/list_parts.py" line="97"/>
        <source>… and {count} more.</source>
        <translation>… e mais {count}.</translation>
    </message>
</context>
<context>
    <name>journal</name>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/journal_check.py" line="29"/>
        <source>This computer&apos;s payment journal was damaged. It is kept as {aside}, and a new one was started with the {count} payment that could still be read.</source>
        <translation>O diário de pagamentos deste computador estava danificado. Ele foi guardado como {aside}, e um novo foi começado com o {count} pagamento que ainda pôde ser lido.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/journal_check.py" line="34"/>
        <source>This computer&apos;s payment journal was damaged. It is kept as {aside}, and a new one was started with the {count} payments that could still be read.</source>
        <translation>O diário de pagamentos deste computador estava danificado. Ele foi guardado como {aside}, e um novo foi começado com os {count} pagamentos que ainda puderam ser lidos.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/journal_check.py" line="22"/>
        <source>This computer&apos;s payment journal was damaged, and nothing in it could be read. It is kept as {aside}, and a new, empty one was started: ask IT to check this computer&apos;s payments at the service.</source>
        <translation>O diário de pagamentos deste computador estava danificado, e nada nele pôde ser lido. Ele foi guardado como {aside}, e um novo, vazio, foi começado: peça à TI que confira no serviço os pagamentos deste computador.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/journal_check.py" line="45"/>
        <source>{count} payment could not be read: ask IT to look for it at the service (the app&apos;s log names it).</source>
        <translation>{count} pagamento não pôde ser lido: peça à TI que o procure no serviço (o log do aplicativo diz qual).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/journal_check.py" line="50"/>
        <source>{count} payments could not be read: ask IT to look for them at the service (the app&apos;s log names each).</source>
        <translation>{count} pagamentos não puderam ser lidos: peça à TI que os procure no serviço (o log do aplicativo diz quais).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/journal_check.py" line="65"/>
        <source>Payment journal</source>
        <translation>Diário de pagamentos</translation>
    </message>
</context>
<context>
    <name>managed</name>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="31"/>
        <source>this app has no such setting, or none your administrator can set (misspelt?).</source>
        <translation>este aplicativo não tem essa configuração, ou ela não pode ser definida pelo seu administrador (erro de digitação?).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="34"/>
        <source>a comment in this file starts with ; (a line starting with # is read as a key).</source>
        <translation>um comentário neste arquivo começa com ; (uma linha que começa com # é lida como chave).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="52"/>
        <source>it is not a number.</source>
        <translation>não é um número.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="56"/>
        <source>it is not from {lowest} to {highest}.</source>
        <translation>não está entre {lowest} e {highest}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="60"/>
        <source>it is not one of: {choices}.</source>
        <translation>não é um destes: {choices}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="75"/>
        <source>its registry type is {found}; this setting takes {expected}.</source>
        <translation>seu tipo no registro é {found}; esta configuração aceita {expected}.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="189"/>
        <source>it is not a three-letter currency code, such as BRL.</source>
        <translation>não é um código de moeda de três letras, como BRL.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="138"/>
        <source>it is not the name of a time zone, such as America/Sao_Paulo.</source>
        <translation>não é o nome de um fuso horário, como America/Sao_Paulo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="91"/>
        <source>{reason} The default, {default}, is used.</source>
        <translation>{reason} O padrão, {default}, é usado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="128"/>
        <source>{file}: part of it cannot be read; check its [section] lines and key=value lines.</source>
        <translation>{file}: parte dele não pode ser lida; verifique as linhas de [seção] e as linhas chave=valor.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="162"/>
        <source>{file}, line {number}: {reason}</source>
        <translation>{file}, linha {number}: {reason}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="175"/>
        <source>The settings your administrator set for this computer hold a value this app cannot use. A value it can read is used all the same (where it cannot, the default, as said), and cannot be changed here: ask IT to correct it.</source>
        <translation>As configurações que seu administrador definiu para este computador contêm um valor que este aplicativo não pode usar. Um valor que ele consegue ler é usado mesmo assim (quando não consegue, o padrão, como dito) e não pode ser alterado aqui: peça à TI para corrigi-lo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="144"/>
        <source>{file}, {key}: {reason}</source>
        <translation>{file}, {key}: {reason}</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="46"/>
        <source>it is longer than any value of it ({count} characters).</source>
        <translation>é mais longo que qualquer valor dela ({count} caracteres).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="153"/>
        <source>its [section] is not closed.</source>
        <translation>a [seção] dela não está fechada.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="154"/>
        <source>it is not key=value.</source>
        <translation>ela não está no formato chave=valor.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="195"/>
        <source>Settings set by your administrator</source>
        <translation>Configurações definidas pelo seu administrador</translation>
    </message>
</context>
<context>
    <name>policies</name>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="47"/>
        <source>The settings of POS Back-Office that a store&apos;s IT sets for every desk.</source>
        <translation>As configurações do POS Back-Office que a TI de uma loja define para todos os seus computadores.</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="50"/>
        <source>POS Back-Office on Windows 10 and 11 (64-bit)</source>
        <translation>POS Back-Office no Windows 10 e 11 (64 bits)</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="51"/>
        <source>The system&apos;s language</source>
        <translation>O idioma do sistema</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="52"/>
        <source>Value: a number from {lowest} to {highest}.</source>
        <translation>Valor: um número de {lowest} a {highest}.</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="53"/>
        <source>Value: a whole number from {lowest} to {highest}.</source>
        <translation>Valor: um número inteiro de {lowest} a {highest}.</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="54"/>
        <source>Value: {form}.</source>
        <translation>Valor: {form}.</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="55"/>
        <source>Value: one of the list.</source>
        <translation>Valor: um da lista.</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="56"/>
        <source>It may name a variable of the system&apos;s, such as %ProgramData%.</source>
        <translation>Pode conter uma variável do sistema, como %ProgramData%.</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="59"/>
        <source>Default: {default}.</source>
        <translation>Padrão: {default}.</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="60"/>
        <source>Enabled: every person of this computer gets this value; File ▸ Settings shows it greyed, &quot;Set by your administrator&quot;. Disabled or not configured: each person&apos;s own choice, or the default.</source>
        <translation>Habilitada: todas as pessoas deste computador recebem este valor; Arquivo ▸ Configurações o mostra em cinza, &quot;Definido pelo seu administrador&quot;. Desabilitada ou não configurada: a escolha de cada pessoa, ou o padrão.</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="66"/>
        <source>Enabled: every person of this computer gets this value (nobody at the desk sets it). Disabled or not configured: the default.</source>
        <translation>Habilitada: todas as pessoas deste computador recebem este valor (ninguém o define no computador). Desabilitada ou não configurada: o padrão.</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="71"/>
        <source>POS Back-Office reads it as it starts. A value it cannot use is said at start and by pos-backoffice --check-connection, naming {place}.</source>
        <translation>O POS Back-Office a lê ao iniciar. Um valor que ele não pode usar é dito no início e por pos-backoffice --check-connection, que nomeia {place}.</translation>
    </message>
    <message>
        <location filename="../../packaging/windows/policy_template.py" line="76"/>
        <source>{name}:</source>
        <translation>{name}:</translation>
    </message>
</context>
<context>
    <name>settings</name>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/persons_file_check.py" line="23"/>
        <source>larger than {megabytes} MB</source>
        <translation>maior que {megabytes} MB</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/persons_file_check.py" line="26"/>
        <source>a device or a pipe, not a file</source>
        <translation>um dispositivo ou um pipe, não um arquivo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/persons_file_check.py" line="35"/>
        <source>Your settings file {file} had lines that could not be read: it is kept as {aside}, and what could be read was carried over.</source>
        <translation>O seu arquivo de configurações {file} tinha linhas que não puderam ser lidas: ele foi guardado como {aside}, e o que pôde ser lido foi levado adiante.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/persons_file_check.py" line="44"/>
        <source>Your settings file {file} is not a settings file ({why}): it is kept as {aside}, and your settings start from their defaults.</source>
        <translation>O seu arquivo de configurações {file} não é um arquivo de configurações ({why}): ele foi guardado como {aside}, e as suas configurações começam dos valores padrão.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/persons_file_check.py" line="53"/>
        <source>{file}, {key}: {value} cannot be used ({reason}); the default, {default}, is used.</source>
        <translation>{file}, {key}: {value} não pode ser usado ({reason}); o padrão, {default}, é usado.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/it_file_check.py" line="95"/>
        <location filename="../../desktop_app/gui/desk_setup/persons_file_check.py" line="64"/>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/persons_file_check.py" line="76"/>
        <source>{key}: this account may not read it, so the settings your administrator set do not apply here. Ask IT to correct it.</source>
        <translation>{key}: esta conta não pode lê-la, então as configurações que seu administrador definiu não valem aqui. Peça à TI para corrigir.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/persons_file_check.py" line="81"/>
        <source>{file}: it is not a settings file ({why}) and was not read, so the settings your administrator set do not apply here. Ask IT to correct it.</source>
        <translation>{file}: não é um arquivo de configurações ({why}) e não foi lido, então as configurações definidas pelo administrador não valem aqui. Peça à TI para corrigi-lo.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/persons_file_check.py" line="90"/>
        <source>Some of your own settings could not be used. Nothing was lost: check them in File ▸ Settings.</source>
        <translation>Algumas das suas próprias configurações não puderam ser usadas. Nada foi perdido: confira-as em Arquivo ▸ Configurações.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/desk_setup/persons_file_check.py" line="103"/>
        <source>Your settings</source>
        <translation>As suas configurações</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="62"/>
        <source>Service address</source>
        <translation>Endereço do serviço</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="63"/>
        <source>address</source>
        <translation>endereço</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="65"/>
        <source>The store service&apos;s address (`https://`; plain `http://` to anything but this machine is warned about).</source>
        <translation>O endereço do serviço da loja (`https://`; `http://` simples para qualquer máquina que não esta é avisado).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="75"/>
        <source>Sign-in address</source>
        <translation>Endereço de entrada</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="76"/>
        <source>address, relative or whole</source>
        <translation>endereço, relativo ou completo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="77"/>
        <source>Where user name and password are checked: relative to the service address, or whole (plain `http://` warned about too).</source>
        <translation>Onde usuário e senha são conferidos: relativo ao endereço do serviço, ou completo (`http://` simples também é avisado).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="87"/>
        <source>Certificate authority</source>
        <translation>Autoridade certificadora</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="88"/>
        <source>file path</source>
        <translation>caminho de arquivo</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="89"/>
        <source>none: this computer&apos;s authorities only</source>
        <translation>nenhum: só as autoridades deste computador</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="91"/>
        <source>The store&apos;s own certificate authority file (PEM, or DER as Windows exports it), trusted in addition to this computer&apos;s.</source>
        <translation>O arquivo da autoridade certificadora da própria loja (PEM, ou DER como o Windows o exporta), confiável além das deste computador.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="102"/>
        <source>User number claim</source>
        <translation>Claim do número de usuário</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="103"/>
        <source>a claim&apos;s name</source>
        <translation>o nome de uma claim</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="104"/>
        <source>none: `userId`, else a `sub`, `user_id` or `uid` that is a whole number</source>
        <translation>nenhuma: `userId`, senão um `sub`, `user_id` ou `uid` que seja um número inteiro</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="108"/>
        <source>The claim of the service&apos;s sign-in token that holds the user&apos;s number, where it is none of those the app reads by itself (without one, nothing is sent).</source>
        <translation>A claim do token de entrada do serviço que traz o número do usuário, quando não é nenhuma das que o aplicativo lê sozinho (sem ela, nada é enviado).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="119"/>
        <source>Manager roles</source>
        <translation>Papéis de gerente</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="120"/>
        <source>roles, comma-separated</source>
        <translation>papéis, separados por vírgula</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="121"/>
        <source>The service&apos;s roles that may issue invoices, compared without case (a cashier&apos;s role greys invoicing; a role not known greys nothing: the service decides).</source>
        <translation>Os papéis do serviço que podem emitir notas fiscais, comparados sem diferenciar maiúsculas (o papel de um caixa desativa a emissão; um papel desconhecido não desativa nada: o serviço decide).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="132"/>
        <source>Service&apos;s time zone</source>
        <translation>Fuso horário do serviço</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="133"/>
        <source>a time zone&apos;s name</source>
        <translation>o nome de um fuso horário</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="134"/>
        <source>none: UTC, as the interface says</source>
        <translation>nenhum: UTC, como diz a interface</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="142"/>
        <source>The zone of the service&apos;s clock, for the times it writes with no zone (a timestamp with a zone, or a date alone, is read as it is).</source>
        <translation>O fuso do relógio do serviço, para as horas que ele escreve sem fuso (um horário com fuso, ou só uma data, é lido como está).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="154"/>
        <source>Time-out</source>
        <translation>Tempo limite</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="155"/>
        <source>Seconds to wait for an answer.</source>
        <translation>Segundos de espera por uma resposta.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="163"/>
        <source>Idle lock</source>
        <translation>Bloqueio por inatividade</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="164"/>
        <source>Minutes without input before the window locks (0: never).</source>
        <translation>Minutos sem uso antes de a janela bloquear (0: nunca).</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="173"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="174"/>
        <source>empty: the system&apos;s</source>
        <translation>vazio: o do sistema</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="176"/>
        <source>The app&apos;s language: Português (Brasil) or English; empty, the system&apos;s.</source>
        <translation>O idioma do aplicativo: Português (Brasil) ou English; vazio, o do sistema.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="184"/>
        <source>Currency</source>
        <translation>Moeda</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="185"/>
        <source>three-letter code</source>
        <translation>código de três letras</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="186"/>
        <source>The currency amounts are shown in.</source>
        <translation>A moeda em que os valores são mostrados.</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="198"/>
        <source>Keep recorded payments</source>
        <translation>Guardar pagamentos registrados</translation>
    </message>
    <message>
        <location filename="../../desktop_app/gui/settings/preferences.py" line="199"/>
        <source>Days confirmed payments stay in this desk&apos;s journal, then are removed.</source>
        <translation>Dias que os pagamentos confirmados ficam no diário deste caixa, antes de serem removidos.</translation>
    </message>
</context>
</TS>
