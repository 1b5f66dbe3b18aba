/**
 * The demo operator's lobby texts, written per language for the merchant's own facts (currency,
 * payment methods, time zone). They read like an honest operator: 18+, no promise of winnings, and
 * nothing the product does not do (no bonus, cashback, reward centre or friends bonus: issue 14).
 * Social handles and domains in the seed are placeholders an operator replaces with its own.
 */

export type ContentLanguage = 'EN' | 'PT' | 'ES' | 'BN';

/** The facts a merchant's texts mention, already in the text's language. */
export type SiteFacts = {
  money(amount: number): string;
  /** Accepted deposit and withdrawal methods, e.g. "PIX". */
  payments: string;
  /** The time zone times are given in, e.g. "Brasília time". */
  timeZone: string;
  /** What players play in, e.g. "Brazilian reais". */
  currencyName: string;
  /** The main domain, for the anti-phishing notice. */
  domain: string;
  /**
   * Amounts the texts state as the operator's own offer. Limits that are settings (the minimum
   * deposit and withdrawal of the payment channels) are not here: the texts say {{minDeposit}} and
   * {{minWithdrawal}}, filled from the channels when read (modules/content/setting-quotes.ts).
   */
  amounts: {
    minDeposit: number;
    minWithdrawal: number;
  };
};

export type Text = { title: string; content: string };
export type HelpCategoryTexts = {
  key: 'account' | 'payments' | 'responsible-gaming' | 'adults-only';
  title: string;
  articles: (Text & { key: string })[];
};

export type SiteTexts = {
  /** 8 marquee notices (type B). */
  marquee: Text[];
  /** 12 player notices (type PL), newest first. */
  notices: Text[];
  /** One popup per audience: A members, B guests, F first login. */
  popups: { A: Text; B: Text; F: Text };
  /**
   * Free play, provably fair Crash, the agent programme, deposits: in this order (their pictures
   * follow it). No bonus, cashback or prize offer: the product grants none (issue 14).
   */
  promotions: Text[];
  /** 2 help notices (type H). */
  helpNotices: Text[];
  help: HelpCategoryTexts[];
  resourceLabels: {
    CUSTOMER_SERVICE: string;
    TELEGRAM: string;
    INSTAGRAM: string;
    WHATSAPP: string;
    FACEBOOK: string;
    APP_IOS: string;
    APP_ANDROID: string;
  };
};

const en = (f: SiteFacts): SiteTexts => {
  return {
    marquee: [
      {
        title: 'Play for fun, within your limits',
        content:
          '<p>Sorte is for adults aged 18 and over. Decide how much money and time you will spend before you play, and stop when you reach either.</p>',
      },
      {
        title: `Fast ${f.payments} deposits`,
        content: `<p>${f.payments} deposits are usually credited within a few minutes. If yours has not arrived after 30 minutes, contact customer service with the payment receipt.</p>`,
      },
      {
        title: 'Weekly maintenance',
        content: `<p>Every Tuesday from 04:00 to 04:30 (${f.timeZone}) some games may be unavailable for a few minutes while we update the site. Balances are never affected.</p>`,
      },
      {
        title: 'Free play with play money',
        content:
          '<p>Try our in-house games with play money before you play for real: no deposit needed. Play money cannot be withdrawn.</p>',
      },
      {
        title: 'We never ask for your password',
        content:
          '<p>Sorte staff will never ask for your password, SMS codes or payment PIN. Do not share them with anyone.</p>',
      },
      {
        title: 'Use only official links',
        content:
          '<p>Use only the links in our footer and our official channels. Please report look-alike sites to customer service.</p>',
      },
      {
        title: 'New in the lobby: Crash',
        content:
          '<p>Our in-house Crash game is live. Try it in free play before you play with real money.</p>',
      },
      {
        title: 'Customer service hours',
        content: `<p>Our team is here every day from 09:00 to 23:00 (${f.timeZone}) through the customer service link, Telegram and WhatsApp.</p>`,
      },
    ],
    notices: [
      {
        title: 'Scheduled maintenance on Tuesday',
        content: `<p>On Tuesday from 04:00 to 04:30 (${f.timeZone}) we will update our servers. During this time some games may close for a few minutes.</p><p>If a round is interrupted, it is completed or refunded automatically and the result appears in your betting record. Your balance is safe.</p>`,
      },
      {
        title: 'Our terms and conditions have been updated',
        content:
          '<p>We have rewritten our terms to make them easier to read. The main changes:</p><ul><li>withdrawal checks are explained step by step;</li><li>the complaints procedure has a reply time of 10 working days.</li></ul><p>If you do not agree with the new terms, you can withdraw your balance at any time and stop using the site.</p>',
      },
      {
        title: 'Extra check when you sign in from a new device',
        content:
          "<p>When you sign in from a device or network we have not seen before, we now ask for an SMS code, an e-mail code or the account holder's name. It takes a few seconds and stops anyone who learns your password from using your account.</p>",
      },
      {
        title: 'How to recognise phishing messages',
        content:
          '<p>Fraudsters copy our name to steal accounts. Be careful with messages that:</p><ul><li>promise a bonus if you "confirm" your password or SMS code;</li><li>ask you to pay a fee to release a withdrawal;</li><li>link to an address that is not one of our official domains.</li></ul><p>We never ask for passwords, codes or fees. When in doubt, contact customer service from the site.</p>',
      },
      {
        title: 'Set yourself a budget',
        content:
          '<p>Before you play, decide how much money and how much time you can afford to spend, and stop when you reach either. Never play with money meant for bills, food or rent.</p>',
      },
      {
        title: 'Customer service on public holidays',
        content: `<p>Customer service keeps its usual hours (09:00 to 23:00, ${f.timeZone}) on public holidays. Withdrawals that need bank processing may take longer on those days.</p>`,
      },
      {
        title: 'New games in the lobby',
        content:
          '<p>The lobby now offers {{gameCategories}}. Find each in the menu, and try our in-house games in free play first.</p>',
      },
      {
        title: 'Play money is not real money',
        content:
          '<p>In free play you play our in-house games with play money, which you can top up at any time. It cannot be deposited, withdrawn or exchanged, and results in free play say nothing about real-money play.</p>',
      },
      {
        title: 'Withdrawal processing times',
        content: `<p>Most withdrawals are processed within 30 minutes. A first withdrawal, a large amount or changed payment details may need extra checks and can take up to 24 hours.</p><p>The minimum withdrawal is {{minWithdrawal}}.</p>`,
      },
      {
        title: 'Verify your mobile number',
        content:
          '<p>A verified mobile number lets you reset your password by SMS and protects your account when you sign in from a new device. Add it in My account → Security.</p>',
      },
      {
        title: 'Our official domain',
        content: `<p>Our site is <strong>${f.domain}</strong>. Bookmark it, and always check the address before you sign in. Sites with similar names are not ours.</p>`,
      },
      {
        title: 'Privacy policy update',
        content:
          '<p>Our privacy policy now explains how long we keep sign-in records (used to protect your account) and verification codes (only as long as they are valid). You can ask customer service for a copy of the data we hold about you.</p>',
      },
    ],
    popups: {
      B: {
        title: 'Welcome to Sorte',
        content: `<p>{{gameCategories}}, in ${f.currencyName}. Registration takes under a minute.</p><p><strong>18+ only.</strong> Gambling involves risk: only play with money you can afford to lose.</p>`,
      },
      A: {
        title: 'Good to see you again',
        content:
          "<p>This week's offers are in Promotions. Remember to set yourself a budget before you play.</p>",
      },
      F: {
        title: 'Your account is ready',
        content: `<p>Welcome! Three quick steps:</p><ol><li>Verify your mobile number to protect your account.</li><li>Make your first deposit by ${f.payments} (minimum {{minDeposit}}).</li><li>Decide on a budget before you play, and stick to it.</li></ol>`,
      },
    },
    promotions: [
      {
        title: 'Free play: learn a game before you bet',
        content: `<p>Play our in-house games, such as Crash, with play money instead of ${f.currencyName}, and learn how a game works before you bet real money.</p><ul><li>Choose <strong>Demo</strong> on an in-house game to play it with play money.</li><li>Top up play money whenever it runs low.</li><li>Play money cannot be deposited, withdrawn or exchanged.</li></ul><p>18+ only. Gambling involves risk.</p>`,
      },
      {
        title: 'Crash is provably fair',
        content:
          '<p>The result of every Crash round is fixed by a seed before anyone bets, and you can check it afterwards in the game history.</p><p>Fair does not mean profitable: every casino game has a house edge, so over time players lose more than they win. No one can guarantee winnings.</p>',
      },
      {
        title: 'Become an agent: invite players, earn commission',
        content: `<p>Agents invite players with their own invitation links and earn a commission on their team's play, under a contract agreed with the operator.</p><ul><li>To become an agent, contact customer service.</li><li>Agents find their links in the Agent centre, under Invitation links.</li><li>Invited players must be new and aged 18 or over.</li></ul>`,
      },
      {
        title: `Deposit by ${f.payments}`,
        content: `<p>Deposit by ${f.payments} from {{minDeposit}}. Deposits are usually credited within a few minutes; if yours has not arrived after 30 minutes, contact customer service with the payment receipt.</p><p>Pay only from an account in your own name: payments from other people are returned.</p>`,
      },
    ],
    helpNotices: [
      {
        title: 'Need help?',
        content:
          '<p>The Help centre answers the most common questions about your account, deposits and withdrawals. Customer service is one click away in the footer.</p>',
      },
      {
        title: 'Responsible gaming',
        content:
          '<p>Gambling should be entertainment, not a way to make money. If it stops being fun, stop: Responsible gaming in the Help centre says where to find help.</p>',
      },
    ],
    help: [
      {
        key: 'account',
        title: 'Account',
        articles: [
          {
            key: 'create-account',
            title: 'How do I create an account?',
            content:
              '<p>Choose <strong>Register</strong> and sign up with a username and password or with your mobile number. You must be 18 or over, and each person may hold one account only.</p><p>Pick a password of at least 8 characters that you do not use on any other site.</p>',
          },
          {
            key: 'forgot-password',
            title: 'I forgot my password',
            content:
              '<p>In the login window choose <strong>Forgot password</strong>. You can reset it with an SMS code sent to your registered mobile number, or by e-mail if your account has one.</p><p>A password reset signs you out on every device.</p>',
          },
          {
            key: 'verification-code',
            title: 'Why am I asked for a verification code?',
            content:
              "<p>When you sign in from a device or network we have not seen before, we ask for an SMS code, an e-mail code or the account holder's name. This stops anyone who learns your password from using your account.</p>",
          },
        ],
      },
      {
        key: 'payments',
        title: 'Deposits and withdrawals',
        articles: [
          {
            key: 'deposit',
            title: 'How do I make a deposit?',
            content: `<p>Choose <strong>Deposit</strong>, pick ${f.payments}, enter the amount (minimum {{minDeposit}}) and follow the instructions. Deposits are usually credited within minutes.</p><p>Pay only from an account in your own name: payments from other people are returned.</p>`,
          },
          {
            key: 'withdrawal-times',
            title: 'How long do withdrawals take?',
            content: `<p>Most withdrawals are processed within 30 minutes. A first withdrawal, a large amount or changed payment details may need extra checks and can take up to 24 hours.</p><p>We pay only to an account in the name on your profile. The minimum withdrawal is {{minWithdrawal}}.</p>`,
          },
          {
            // The key of the article it replaces (about a bonus, which the product never grants), so
            // the seeder's upsert rewrites that article rather than leaving it beside this one.
            key: 'bonus-withdrawal',
            title: 'What can I withdraw?',
            content:
              '<p>You can withdraw your cash balance, from {{minWithdrawal}}, to an account in your own name. Money you ask to withdraw is held until the withdrawal is paid or refused.</p><p>Play money from free play can never be withdrawn.</p>',
          },
        ],
      },
      {
        key: 'responsible-gaming',
        title: 'Responsible gaming',
        articles: [
          {
            key: 'limits',
            title: 'Staying in control',
            content:
              '<p>Before you play:</p><ul><li><strong>Set a budget</strong> you can afford to lose, and stop when it is spent;</li><li><strong>Set a time limit</strong> and take regular breaks;</li><li><strong>Never chase losses</strong>: a loss is the price of the entertainment, not a debt to win back.</li></ul>',
          },
          {
            key: 'warning-signs',
            title: 'Signs that gambling is becoming a problem',
            content:
              '<p>Stop and talk to someone if you:</p><ul><li>spend more money or time than you planned;</li><li>chase losses or borrow money to play;</li><li>hide your gambling from family or friends;</li><li>feel anxious or irritable when you are not playing.</li></ul>',
          },
          {
            key: 'get-help',
            title: 'Where to get help',
            content:
              '<p>Free and confidential support is available from Gamblers Anonymous groups and from health professionals near you. If you want to stop, tell someone you trust and remove the app from your phone.</p>',
          },
          {
            key: 'fair-games',
            title: 'Are the games fair?',
            content:
              '<p>Our in-house games, such as Crash, are provably fair: the result of each round is fixed by a seed before you bet, and you can check it afterwards in the game history.</p><p>Fair does not mean profitable: every casino game has a house edge, so over time players lose more than they win. No one can guarantee winnings.</p>',
          },
        ],
      },
      {
        key: 'adults-only',
        title: '18+ only',
        articles: [
          {
            key: 'minimum-age',
            title: 'Only adults may play',
            content:
              '<p>You must be at least 18 years old to open an account and play. We may ask for an identity document at any time. Accounts opened by minors are closed and their deposits returned.</p>',
          },
          {
            key: 'protect-minors',
            title: 'Protecting children',
            content:
              '<p>Do not share your account, and sign out on devices others use. Parental control software can block gambling sites on the phones and computers children use.</p>',
          },
        ],
      },
    ],
    resourceLabels: {
      CUSTOMER_SERVICE: 'Customer service',
      TELEGRAM: 'Telegram',
      INSTAGRAM: 'Instagram',
      WHATSAPP: 'WhatsApp',
      FACEBOOK: 'Facebook',
      APP_IOS: 'App for iOS',
      APP_ANDROID: 'App for Android',
    },
  };
};

const pt = (f: SiteFacts): SiteTexts => {
  return {
    marquee: [
      {
        title: 'Jogue por diversão, dentro dos seus limites',
        content:
          '<p>A Sorte é só para maiores de 18 anos. Decida quanto dinheiro e quanto tempo vai gastar antes de jogar, e pare ao chegar a qualquer um deles.</p>',
      },
      {
        title: `Depósitos rápidos por ${f.payments}`,
        content: `<p>Depósitos por ${f.payments} costumam cair em poucos minutos. Se o seu não aparecer em 30 minutos, fale com o atendimento e envie o comprovante.</p>`,
      },
      {
        title: 'Manutenção semanal',
        content: `<p>Toda terça-feira, das 04:00 às 04:30 (${f.timeZone}), alguns jogos podem ficar indisponíveis por alguns minutos enquanto atualizamos o site. Os saldos nunca são afetados.</p>`,
      },
      {
        title: 'Jogue grátis com dinheiro fictício',
        content:
          '<p>Teste nossos jogos próprios com dinheiro fictício antes de jogar de verdade: sem depósito. O dinheiro fictício não pode ser sacado.</p>',
      },
      {
        title: 'Nunca pedimos sua senha',
        content:
          '<p>A equipe da Sorte nunca pede sua senha, códigos SMS ou PIN de pagamento. Não os compartilhe com ninguém.</p>',
      },
      {
        title: 'Use só os links oficiais',
        content:
          '<p>Use apenas os links do rodapé e dos nossos canais oficiais. Denuncie sites parecidos ao atendimento.</p>',
      },
      {
        title: 'Novidade no lobby: Crash',
        content:
          '<p>Nosso jogo Crash próprio já está no ar. Experimente no modo grátis antes de jogar com dinheiro real.</p>',
      },
      {
        title: 'Horário de atendimento',
        content: `<p>Nossa equipe atende todos os dias, das 09:00 às 23:00 (${f.timeZone}), pelo link de atendimento, Telegram e WhatsApp.</p>`,
      },
    ],
    notices: [
      {
        title: 'Manutenção programada na terça-feira',
        content: `<p>Na terça-feira, das 04:00 às 04:30 (${f.timeZone}), vamos atualizar nossos servidores. Nesse período alguns jogos podem fechar por alguns minutos.</p><p>Se uma rodada for interrompida, ela é concluída ou reembolsada automaticamente e o resultado aparece no seu histórico de apostas. Seu saldo está seguro.</p>`,
      },
      {
        title: 'Nossos termos e condições foram atualizados',
        content:
          '<p>Reescrevemos os termos para deixá-los mais fáceis de ler. As principais mudanças:</p><ul><li>as verificações de saque são explicadas passo a passo;</li><li>as reclamações têm prazo de resposta de 10 dias úteis.</li></ul><p>Se não concordar com os novos termos, você pode sacar seu saldo a qualquer momento e deixar de usar o site.</p>',
      },
      {
        title: 'Verificação extra ao entrar de um novo aparelho',
        content:
          '<p>Quando você entra de um aparelho ou rede que ainda não conhecemos, pedimos um código por SMS, um código por e-mail ou o nome do titular da conta. Leva poucos segundos e impede que alguém que descubra sua senha use sua conta.</p>',
      },
      {
        title: 'Como reconhecer mensagens de golpe',
        content:
          '<p>Golpistas copiam nosso nome para roubar contas. Desconfie de mensagens que:</p><ul><li>prometem bônus se você "confirmar" sua senha ou código SMS;</li><li>pedem uma taxa para liberar um saque;</li><li>levam a um endereço que não é um dos nossos domínios oficiais.</li></ul><p>Nunca pedimos senhas, códigos ou taxas. Na dúvida, fale com o atendimento pelo site.</p>',
      },
      {
        title: 'Defina o seu orçamento',
        content:
          '<p>Antes de jogar, decida quanto dinheiro e quanto tempo você pode gastar, e pare ao chegar a qualquer um deles. Nunca jogue com o dinheiro das contas, da comida ou do aluguel.</p>',
      },
      {
        title: 'Atendimento nos feriados',
        content: `<p>Nos feriados o atendimento mantém o horário normal (09:00 às 23:00, ${f.timeZone}). Saques que dependem de processamento bancário podem demorar mais nesses dias.</p>`,
      },
      {
        title: 'Novos jogos no lobby',
        content:
          '<p>O lobby agora oferece {{gameCategories}}. Encontre cada um no menu e teste nossos jogos próprios no modo grátis primeiro.</p>',
      },
      {
        title: 'Dinheiro fictício não é dinheiro de verdade',
        content:
          '<p>No modo grátis você joga nossos jogos próprios com dinheiro fictício, que pode recarregar a qualquer momento. Ele não pode ser depositado, sacado nem trocado, e os resultados no modo grátis não dizem nada sobre o jogo com dinheiro real.</p>',
      },
      {
        title: 'Prazos de saque',
        content: `<p>A maioria dos saques é processada em até 30 minutos. O primeiro saque, valores altos ou dados de pagamento alterados podem precisar de verificação extra e levar até 24 horas.</p><p>O saque mínimo é de {{minWithdrawal}}.</p>`,
      },
      {
        title: 'Verifique seu número de celular',
        content:
          '<p>Com o celular verificado você pode redefinir a senha por SMS, e sua conta fica protegida quando você entra de um novo aparelho. Adicione em Minha conta → Segurança.</p>',
      },
      {
        title: 'Nosso domínio oficial',
        content: `<p>Nosso site é <strong>${f.domain}</strong>. Salve nos favoritos e confira sempre o endereço antes de entrar. Sites com nomes parecidos não são nossos.</p>`,
      },
      {
        title: 'Atualização da política de privacidade',
        content:
          '<p>Nossa política de privacidade agora explica por quanto tempo guardamos os registros de acesso (usados para proteger sua conta) e os códigos de verificação (só enquanto são válidos). Você pode pedir ao atendimento uma cópia dos seus dados.</p>',
      },
    ],
    popups: {
      B: {
        title: 'Bem-vindo à Sorte',
        content: `<p>{{gameCategories}}, em ${f.currencyName}. O cadastro leva menos de um minuto.</p><p><strong>Proibido para menores de 18 anos.</strong> Apostas envolvem risco: jogue apenas com dinheiro que você pode perder.</p>`,
      },
      A: {
        title: 'Que bom ver você de novo',
        content:
          '<p>As ofertas da semana estão em Promoções. Lembre-se de definir um orçamento antes de jogar.</p>',
      },
      F: {
        title: 'Sua conta está pronta',
        content: `<p>Boas-vindas! Três passos rápidos:</p><ol><li>Verifique seu celular para proteger sua conta.</li><li>Faça o primeiro depósito por ${f.payments} (mínimo de {{minDeposit}}).</li><li>Defina um orçamento antes de jogar e respeite-o.</li></ol>`,
      },
    },
    promotions: [
      {
        title: 'Modo grátis: conheça o jogo antes de apostar',
        content: `<p>Jogue nossos jogos próprios, como o Crash, com dinheiro fictício em vez de ${f.currencyName} e entenda como o jogo funciona antes de apostar dinheiro real.</p><ul><li>Escolha <strong>Demo</strong> em um jogo próprio para jogá-lo com dinheiro fictício.</li><li>Recarregue o dinheiro fictício sempre que acabar.</li><li>O dinheiro fictício não pode ser depositado, sacado nem trocado.</li></ul><p>Proibido para menores de 18 anos. Apostas envolvem risco.</p>`,
      },
      {
        title: 'O Crash é comprovadamente justo',
        content:
          '<p>O resultado de cada rodada do Crash é definido por uma semente antes de qualquer aposta, e você pode conferi-lo depois no histórico do jogo.</p><p>Justo não quer dizer lucrativo: todo jogo de cassino tem vantagem da casa, e com o tempo os jogadores perdem mais do que ganham. Ninguém pode garantir ganhos.</p>',
      },
      {
        title: 'Seja agente: convide jogadores e ganhe comissão',
        content: `<p>Agentes convidam jogadores com seus próprios links de convite e ganham comissão sobre o jogo da sua equipe, conforme um contrato acordado com a operadora.</p><ul><li>Para se tornar agente, fale com o atendimento.</li><li>Os agentes encontram seus links na Central do agente, em Links de convite.</li><li>Os jogadores convidados precisam ser novos e maiores de 18 anos.</li></ul>`,
      },
      {
        title: `Deposite por ${f.payments}`,
        content: `<p>Deposite por ${f.payments} a partir de {{minDeposit}}. Os depósitos costumam ser creditados em poucos minutos; se o seu não chegar em 30 minutos, fale com o atendimento e envie o comprovante.</p><p>Pague apenas de uma conta em seu nome: pagamentos de outras pessoas são devolvidos.</p>`,
      },
    ],
    helpNotices: [
      {
        title: 'Precisa de ajuda?',
        content:
          '<p>A Central de ajuda responde às dúvidas mais comuns sobre conta, depósitos e saques. O atendimento está a um clique, no rodapé.</p>',
      },
      {
        title: 'Jogo responsável',
        content:
          '<p>Apostar deve ser diversão, não uma forma de ganhar dinheiro. Se deixar de ser divertido, pare: Jogo responsável, na Central de ajuda, diz onde encontrar apoio.</p>',
      },
    ],
    help: [
      {
        key: 'account',
        title: 'Conta',
        articles: [
          {
            key: 'create-account',
            title: 'Como crio uma conta?',
            content:
              '<p>Escolha <strong>Cadastrar</strong> e crie a conta com nome de usuário e senha ou com seu número de celular. É preciso ter 18 anos ou mais, e cada pessoa pode ter apenas uma conta.</p><p>Use uma senha de pelo menos 8 caracteres que você não use em nenhum outro site.</p>',
          },
          {
            key: 'forgot-password',
            title: 'Esqueci minha senha',
            content:
              '<p>Na janela de login, escolha <strong>Esqueci a senha</strong>. Você pode redefini-la com um código SMS enviado ao celular cadastrado ou por e-mail, se sua conta tiver um.</p><p>Ao redefinir a senha, você é desconectado em todos os aparelhos.</p>',
          },
          {
            key: 'verification-code',
            title: 'Por que pedem um código de verificação?',
            content:
              '<p>Quando você entra de um aparelho ou rede que ainda não conhecemos, pedimos um código por SMS, um código por e-mail ou o nome do titular. Isso impede que alguém que descubra sua senha use sua conta.</p>',
          },
        ],
      },
      {
        key: 'payments',
        title: 'Depósitos e saques',
        articles: [
          {
            key: 'deposit',
            title: 'Como faço um depósito?',
            content: `<p>Escolha <strong>Depositar</strong>, selecione ${f.payments}, informe o valor (mínimo de {{minDeposit}}) e siga as instruções. Os depósitos costumam cair em poucos minutos.</p><p>Pague apenas de uma conta em seu próprio nome: pagamentos de outras pessoas são devolvidos.</p>`,
          },
          {
            key: 'withdrawal-times',
            title: 'Quanto tempo leva um saque?',
            content: `<p>A maioria dos saques é processada em até 30 minutos. O primeiro saque, valores altos ou dados de pagamento alterados podem precisar de verificação extra e levar até 24 horas.</p><p>Pagamos apenas para uma conta no nome do seu cadastro. O saque mínimo é de {{minWithdrawal}}.</p>`,
          },
          {
            key: 'bonus-withdrawal',
            title: 'O que posso sacar?',
            content:
              '<p>Você pode sacar seu saldo em dinheiro, a partir de {{minWithdrawal}}, para uma conta em seu nome. O valor pedido fica reservado até o saque ser pago ou recusado.</p><p>O dinheiro fictício do modo grátis nunca pode ser sacado.</p>',
          },
        ],
      },
      {
        key: 'responsible-gaming',
        title: 'Jogo responsável',
        articles: [
          {
            key: 'limits',
            title: 'Como manter o controle',
            content:
              '<p>Antes de jogar:</p><ul><li><strong>Defina um orçamento</strong> que você pode perder e pare quando ele acabar;</li><li><strong>Defina um limite de tempo</strong> e faça pausas regulares;</li><li><strong>Nunca tente recuperar perdas</strong>: uma perda é o preço da diversão, não uma dívida a reaver.</li></ul>',
          },
          {
            key: 'warning-signs',
            title: 'Sinais de que as apostas viraram um problema',
            content:
              '<p>Pare e converse com alguém se você:</p><ul><li>gasta mais dinheiro ou tempo do que planejou;</li><li>tenta recuperar perdas ou pega dinheiro emprestado para jogar;</li><li>esconde as apostas da família ou dos amigos;</li><li>fica ansioso ou irritado quando não está jogando.</li></ul>',
          },
          {
            key: 'get-help',
            title: 'Onde buscar ajuda',
            content:
              '<p>Há apoio gratuito e sigiloso nos grupos de Jogadores Anônimos e com profissionais de saúde da sua região. Se quiser parar, conte a alguém de confiança e remova o app do seu celular.</p>',
          },
          {
            key: 'fair-games',
            title: 'Os jogos são justos?',
            content:
              '<p>Nossos jogos próprios, como o Crash, são comprovadamente justos: o resultado de cada rodada é fixado por uma semente antes da aposta, e você pode conferi-lo depois no histórico do jogo.</p><p>Justo não quer dizer lucrativo: todo jogo de cassino tem vantagem da casa, então, com o tempo, os jogadores perdem mais do que ganham. Ninguém pode garantir ganhos.</p>',
          },
        ],
      },
      {
        key: 'adults-only',
        title: 'Proibido para menores de 18',
        articles: [
          {
            key: 'minimum-age',
            title: 'Só maiores de idade podem jogar',
            content:
              '<p>É preciso ter pelo menos 18 anos para abrir uma conta e jogar. Podemos pedir um documento de identidade a qualquer momento. Contas abertas por menores são encerradas e os depósitos devolvidos.</p>',
          },
          {
            key: 'protect-minors',
            title: 'Proteção de crianças e adolescentes',
            content:
              '<p>Não compartilhe sua conta e saia dela em aparelhos que outras pessoas usam. Programas de controle parental podem bloquear sites de apostas nos celulares e computadores usados por crianças.</p>',
          },
        ],
      },
    ],
    resourceLabels: {
      CUSTOMER_SERVICE: 'Atendimento',
      TELEGRAM: 'Telegram',
      INSTAGRAM: 'Instagram',
      WHATSAPP: 'WhatsApp',
      FACEBOOK: 'Facebook',
      APP_IOS: 'App para iOS',
      APP_ANDROID: 'App para Android',
    },
  };
};

const es = (f: SiteFacts): SiteTexts => {
  return {
    marquee: [
      {
        title: 'Juega por diversión, dentro de tus límites',
        content:
          '<p>Sorte es solo para mayores de 18 años. Decide cuánto dinero y cuánto tiempo gastarás antes de jugar, y detente al llegar a cualquiera de los dos.</p>',
      },
      {
        title: `Depósitos rápidos con ${f.payments}`,
        content: `<p>Los depósitos con ${f.payments} suelen acreditarse en pocos minutos. Si el tuyo no aparece en 30 minutos, escribe a atención al cliente con el comprobante de pago.</p>`,
      },
      {
        title: 'Mantenimiento semanal',
        content: `<p>Cada martes de 04:00 a 04:30 (${f.timeZone}) algunos juegos pueden no estar disponibles unos minutos mientras actualizamos el sitio. Los saldos nunca se ven afectados.</p>`,
      },
      {
        title: 'Juega gratis con dinero ficticio',
        content:
          '<p>Prueba nuestros juegos propios con dinero ficticio antes de jugar en serio: sin depósito. El dinero ficticio no se puede retirar.</p>',
      },
      {
        title: 'Nunca te pedimos tu contraseña',
        content:
          '<p>El personal de Sorte nunca te pedirá tu contraseña, códigos SMS ni PIN de pago. No los compartas con nadie.</p>',
      },
      {
        title: 'Usa solo los enlaces oficiales',
        content:
          '<p>Usa solo los enlaces de nuestro pie de página y de nuestros canales oficiales. Reporta los sitios parecidos a atención al cliente.</p>',
      },
      {
        title: 'Nuevo en el lobby: Crash',
        content:
          '<p>Nuestro juego Crash propio ya está disponible. Pruébalo en modo gratis antes de jugar con dinero real.</p>',
      },
      {
        title: 'Horario de atención',
        content: `<p>Nuestro equipo te atiende todos los días de 09:00 a 23:00 (${f.timeZone}) por el enlace de atención al cliente, Telegram y WhatsApp.</p>`,
      },
    ],
    notices: [
      {
        title: 'Mantenimiento programado el martes',
        content: `<p>El martes de 04:00 a 04:30 (${f.timeZone}) actualizaremos nuestros servidores. Durante ese tiempo algunos juegos pueden cerrarse unos minutos.</p><p>Si una ronda se interrumpe, se completa o se reembolsa automáticamente y el resultado aparece en tu historial de apuestas. Tu saldo está seguro.</p>`,
      },
      {
        title: 'Actualizamos nuestros términos y condiciones',
        content:
          '<p>Reescribimos los términos para que sean más fáciles de leer. Los cambios principales:</p><ul><li>las verificaciones de retiro se explican paso a paso;</li><li>las quejas tienen un plazo de respuesta de 10 días hábiles.</li></ul><p>Si no estás de acuerdo con los nuevos términos, puedes retirar tu saldo en cualquier momento y dejar de usar el sitio.</p>',
      },
      {
        title: 'Verificación adicional al entrar desde un dispositivo nuevo',
        content:
          '<p>Cuando entras desde un dispositivo o red que no conocemos, ahora te pedimos un código por SMS, un código por correo o el nombre del titular de la cuenta. Toma unos segundos e impide que alguien que conozca tu contraseña use tu cuenta.</p>',
      },
      {
        title: 'Cómo reconocer mensajes fraudulentos',
        content:
          '<p>Los estafadores copian nuestro nombre para robar cuentas. Desconfía de los mensajes que:</p><ul><li>prometen un bono si "confirmas" tu contraseña o código SMS;</li><li>piden pagar una comisión para liberar un retiro;</li><li>llevan a una dirección que no es uno de nuestros dominios oficiales.</li></ul><p>Nunca pedimos contraseñas, códigos ni comisiones. Si tienes dudas, contacta a atención al cliente desde el sitio.</p>',
      },
      {
        title: 'Fíjate un presupuesto',
        content:
          '<p>Antes de jugar, decide cuánto dinero y cuánto tiempo puedes gastar, y detente al llegar a cualquiera de los dos. Nunca juegues con el dinero de las cuentas, la comida o la renta.</p>',
      },
      {
        title: 'Atención al cliente en días festivos',
        content: `<p>En días festivos atención al cliente mantiene su horario habitual (09:00 a 23:00, ${f.timeZone}). Los retiros que dependen del banco pueden tardar más esos días.</p>`,
      },
      {
        title: 'Nuevos juegos en el lobby',
        content:
          '<p>El lobby ahora ofrece {{gameCategories}}. Encuentra cada uno en el menú y prueba primero gratis nuestros juegos propios.</p>',
      },
      {
        title: 'El dinero ficticio no es dinero real',
        content:
          '<p>En el modo gratis juegas nuestros juegos propios con dinero ficticio, que puedes recargar en cualquier momento. No se puede depositar, retirar ni cambiar, y los resultados en modo gratis no dicen nada sobre el juego con dinero real.</p>',
      },
      {
        title: 'Tiempos de retiro',
        content: `<p>La mayoría de los retiros se procesan en 30 minutos. El primer retiro, los montos altos o los datos de pago modificados pueden requerir revisiones adicionales y tardar hasta 24 horas.</p><p>El retiro mínimo es de {{minWithdrawal}}.</p>`,
      },
      {
        title: 'Verifica tu número de celular',
        content:
          '<p>Con tu celular verificado puedes restablecer la contraseña por SMS, y tu cuenta queda protegida cuando entras desde un dispositivo nuevo. Agrégalo en Mi cuenta → Seguridad.</p>',
      },
      {
        title: 'Nuestro dominio oficial',
        content: `<p>Nuestro sitio es <strong>${f.domain}</strong>. Guárdalo en favoritos y revisa siempre la dirección antes de entrar. Los sitios con nombres parecidos no son nuestros.</p>`,
      },
      {
        title: 'Actualización del aviso de privacidad',
        content:
          '<p>Nuestro aviso de privacidad ahora explica cuánto tiempo guardamos los registros de acceso (usados para proteger tu cuenta) y los códigos de verificación (solo mientras son válidos). Puedes pedir a atención al cliente una copia de tus datos.</p>',
      },
    ],
    popups: {
      B: {
        title: 'Bienvenido a Sorte',
        content: `<p>{{gameCategories}}, en ${f.currencyName}. El registro toma menos de un minuto.</p><p><strong>Solo mayores de 18 años.</strong> Apostar implica riesgo: juega solo con dinero que puedas permitirte perder.</p>`,
      },
      A: {
        title: 'Qué gusto verte de nuevo',
        content:
          '<p>Las ofertas de la semana están en Promociones. Recuerda fijarte un presupuesto antes de jugar.</p>',
      },
      F: {
        title: 'Tu cuenta está lista',
        content: `<p>¡Bienvenido! Tres pasos rápidos:</p><ol><li>Verifica tu celular para proteger tu cuenta.</li><li>Haz tu primer depósito con ${f.payments} (mínimo {{minDeposit}}).</li><li>Decide un presupuesto antes de jugar y respétalo.</li></ol>`,
      },
    },
    promotions: [
      {
        title: 'Modo gratis: conoce el juego antes de apostar',
        content: `<p>Juega nuestros juegos propios, como Crash, con dinero ficticio en lugar de ${f.currencyName}, y aprende cómo funciona el juego antes de apostar dinero real.</p><ul><li>Elige <strong>Demo</strong> en un juego propio para jugarlo con dinero ficticio.</li><li>Recarga el dinero ficticio cuando se acabe.</li><li>El dinero ficticio no se puede depositar, retirar ni cambiar.</li></ul><p>Solo mayores de 18 años. Apostar implica riesgo.</p>`,
      },
      {
        title: 'Crash es demostrablemente justo',
        content:
          '<p>El resultado de cada ronda de Crash se fija con una semilla antes de cualquier apuesta, y puedes comprobarlo después en el historial del juego.</p><p>Justo no significa rentable: todo juego de casino tiene ventaja de la casa, y con el tiempo los jugadores pierden más de lo que ganan. Nadie puede garantizar ganancias.</p>',
      },
      {
        title: 'Hazte agente: invita jugadores y gana comisión',
        content: `<p>Los agentes invitan jugadores con sus propios enlaces de invitación y ganan una comisión sobre el juego de su equipo, según un contrato acordado con el operador.</p><ul><li>Para ser agente, contacta a atención al cliente.</li><li>Los agentes encuentran sus enlaces en el Centro de agentes, en Enlaces de invitación.</li><li>Los jugadores invitados deben ser nuevos y mayores de 18 años.</li></ul>`,
      },
      {
        title: `Deposita con ${f.payments}`,
        content: `<p>Deposita con ${f.payments} desde {{minDeposit}}. Los depósitos suelen acreditarse en pocos minutos; si el tuyo no llega en 30 minutos, contacta a atención al cliente con el comprobante.</p><p>Paga solo desde una cuenta a tu nombre: los pagos de otras personas se devuelven.</p>`,
      },
    ],
    helpNotices: [
      {
        title: '¿Necesitas ayuda?',
        content:
          '<p>El Centro de ayuda responde las dudas más comunes sobre tu cuenta, depósitos y retiros. Atención al cliente está a un clic, en el pie de página.</p>',
      },
      {
        title: 'Juego responsable',
        content:
          '<p>Apostar debe ser entretenimiento, no una forma de ganar dinero. Si deja de ser divertido, detente: Juego responsable, en el Centro de ayuda, dice dónde encontrar apoyo.</p>',
      },
    ],
    help: [
      {
        key: 'account',
        title: 'Cuenta',
        articles: [
          {
            key: 'create-account',
            title: '¿Cómo creo una cuenta?',
            content:
              '<p>Elige <strong>Registrarse</strong> y crea tu cuenta con usuario y contraseña o con tu número de celular. Debes tener 18 años o más, y cada persona puede tener solo una cuenta.</p><p>Usa una contraseña de al menos 8 caracteres que no uses en ningún otro sitio.</p>',
          },
          {
            key: 'forgot-password',
            title: 'Olvidé mi contraseña',
            content:
              '<p>En la ventana de inicio de sesión elige <strong>Olvidé mi contraseña</strong>. Puedes restablecerla con un código SMS enviado a tu celular registrado, o por correo si tu cuenta tiene uno.</p><p>Al restablecer la contraseña se cierra tu sesión en todos los dispositivos.</p>',
          },
          {
            key: 'verification-code',
            title: '¿Por qué me piden un código de verificación?',
            content:
              '<p>Cuando entras desde un dispositivo o red que no conocemos, te pedimos un código por SMS, un código por correo o el nombre del titular. Así nadie que conozca tu contraseña puede usar tu cuenta.</p>',
          },
        ],
      },
      {
        key: 'payments',
        title: 'Depósitos y retiros',
        articles: [
          {
            key: 'deposit',
            title: '¿Cómo hago un depósito?',
            content: `<p>Elige <strong>Depositar</strong>, selecciona ${f.payments}, escribe el monto (mínimo {{minDeposit}}) y sigue las instrucciones. Los depósitos suelen acreditarse en pocos minutos.</p><p>Paga solo desde una cuenta a tu nombre: los pagos de otras personas se devuelven.</p>`,
          },
          {
            key: 'withdrawal-times',
            title: '¿Cuánto tarda un retiro?',
            content: `<p>La mayoría de los retiros se procesan en 30 minutos. El primer retiro, los montos altos o los datos de pago modificados pueden requerir revisiones adicionales y tardar hasta 24 horas.</p><p>Solo pagamos a una cuenta a nombre del titular registrado. El retiro mínimo es de {{minWithdrawal}}.</p>`,
          },
          {
            key: 'bonus-withdrawal',
            title: '¿Qué puedo retirar?',
            content:
              '<p>Puedes retirar tu saldo en efectivo, desde {{minWithdrawal}}, a una cuenta a tu nombre. El monto que pides retirar queda reservado hasta que el retiro se paga o se rechaza.</p><p>El dinero ficticio del modo gratis nunca se puede retirar.</p>',
          },
        ],
      },
      {
        key: 'responsible-gaming',
        title: 'Juego responsable',
        articles: [
          {
            key: 'limits',
            title: 'Cómo mantener el control',
            content:
              '<p>Antes de jugar:</p><ul><li><strong>Fija un presupuesto</strong> que puedas perder y detente cuando se acabe;</li><li><strong>Fija un límite de tiempo</strong> y toma descansos regulares;</li><li><strong>Nunca persigas las pérdidas</strong>: una pérdida es el precio de la diversión, no una deuda que recuperar.</li></ul>',
          },
          {
            key: 'warning-signs',
            title: 'Señales de que apostar se está volviendo un problema',
            content:
              '<p>Detente y habla con alguien si:</p><ul><li>gastas más dinero o tiempo del que planeabas;</li><li>intentas recuperar pérdidas o pides prestado para jugar;</li><li>ocultas tus apuestas a tu familia o amigos;</li><li>te sientes ansioso o irritable cuando no juegas.</li></ul>',
          },
          {
            key: 'get-help',
            title: 'Dónde buscar ayuda',
            content:
              '<p>Hay apoyo gratuito y confidencial en los grupos de Jugadores Anónimos y con profesionales de la salud de tu zona. Si quieres dejarlo, cuéntaselo a alguien de confianza y quita la app de tu celular.</p>',
          },
          {
            key: 'fair-games',
            title: '¿Los juegos son justos?',
            content:
              '<p>Nuestros juegos propios, como Crash, son demostrablemente justos: el resultado de cada ronda queda fijado por una semilla antes de tu apuesta, y puedes comprobarlo después en el historial del juego.</p><p>Justo no significa rentable: todo juego de casino tiene ventaja de la casa, así que con el tiempo los jugadores pierden más de lo que ganan. Nadie puede garantizar ganancias.</p>',
          },
        ],
      },
      {
        key: 'adults-only',
        title: 'Solo mayores de 18',
        articles: [
          {
            key: 'minimum-age',
            title: 'Solo pueden jugar adultos',
            content:
              '<p>Debes tener al menos 18 años para abrir una cuenta y jugar. Podemos pedirte una identificación oficial en cualquier momento. Las cuentas abiertas por menores se cierran y sus depósitos se devuelven.</p>',
          },
          {
            key: 'protect-minors',
            title: 'Protección de menores',
            content:
              '<p>No compartas tu cuenta y cierra sesión en los dispositivos que usan otras personas. Los programas de control parental pueden bloquear sitios de apuestas en los celulares y computadoras que usan los niños.</p>',
          },
        ],
      },
    ],
    resourceLabels: {
      CUSTOMER_SERVICE: 'Atención al cliente',
      TELEGRAM: 'Telegram',
      INSTAGRAM: 'Instagram',
      WHATSAPP: 'WhatsApp',
      FACEBOOK: 'Facebook',
      APP_IOS: 'App para iOS',
      APP_ANDROID: 'App para Android',
    },
  };
};

const bn = (f: SiteFacts): SiteTexts => {
  return {
    marquee: [
      {
        title: 'আনন্দের জন্য খেলুন, নিজের সীমার মধ্যে',
        content:
          '<p>Sorte শুধুমাত্র 18 বছর বা তার বেশি বয়সীদের জন্য। খেলার আগে ঠিক করুন কত টাকা ও কত সময় খরচ করবেন, এবং যেকোনো একটিতে পৌঁছালেই থামুন।</p>',
      },
      {
        title: `${f.payments}-এ দ্রুত জমা`,
        content: `<p>${f.payments}-এর মাধ্যমে জমা সাধারণত কয়েক মিনিটের মধ্যেই যোগ হয়। 30 মিনিট পরেও না এলে পেমেন্টের রসিদসহ গ্রাহক সেবায় যোগাযোগ করুন।</p>`,
      },
      {
        title: 'সাপ্তাহিক রক্ষণাবেক্ষণ',
        content: `<p>প্রতি মঙ্গলবার ভোর 04:00 থেকে 04:30 (${f.timeZone}) সাইট আপডেটের সময় কিছু গেম কয়েক মিনিটের জন্য বন্ধ থাকতে পারে। এতে ব্যালেন্সে কোনো প্রভাব পড়ে না।</p>`,
      },
      {
        title: 'খেলার টাকায় ফ্রি প্লে',
        content:
          '<p>আসল টাকায় খেলার আগে খেলার টাকা দিয়ে আমাদের নিজস্ব গেম চেষ্টা করুন: কোনো জমা লাগে না। খেলার টাকা তোলা যায় না।</p>',
      },
      {
        title: 'আমরা কখনো আপনার পাসওয়ার্ড চাই না',
        content:
          '<p>Sorte-এর কোনো কর্মী কখনো আপনার পাসওয়ার্ড, এসএমএস কোড বা পেমেন্ট পিন চাইবে না। এগুলো কারো সাথে শেয়ার করবেন না।</p>',
      },
      {
        title: 'শুধু অফিসিয়াল লিংক ব্যবহার করুন',
        content:
          '<p>শুধু আমাদের ফুটারের লিংক এবং অফিসিয়াল চ্যানেল ব্যবহার করুন। দেখতে একই রকম নকল সাইট পেলে গ্রাহক সেবাকে জানান।</p>',
      },
      {
        title: 'লবিতে নতুন: ক্র্যাশ',
        content: '<p>আমাদের নিজস্ব ক্র্যাশ গেম এখন চালু। আসল টাকায় খেলার আগে ফ্রি প্লে-তে চেষ্টা করে দেখুন।</p>',
      },
      {
        title: 'গ্রাহক সেবার সময়',
        content: `<p>আমাদের টিম প্রতিদিন সকাল 09:00 থেকে রাত 11:00 পর্যন্ত (${f.timeZone}) গ্রাহক সেবার লিংক, টেলিগ্রাম ও হোয়াটসঅ্যাপে আছে।</p>`,
      },
    ],
    notices: [
      {
        title: 'মঙ্গলবার নির্ধারিত রক্ষণাবেক্ষণ',
        content: `<p>মঙ্গলবার ভোর 04:00 থেকে 04:30 (${f.timeZone}) আমরা সার্ভার আপডেট করব। এই সময়ে কিছু গেম কয়েক মিনিটের জন্য বন্ধ থাকতে পারে।</p><p>কোনো রাউন্ড মাঝপথে থেমে গেলে তা স্বয়ংক্রিয়ভাবে সম্পন্ন বা ফেরত হবে, আর ফলাফল আপনার বাজির রেকর্ডে দেখা যাবে। আপনার ব্যালেন্স নিরাপদ।</p>`,
      },
      {
        title: 'আমাদের শর্তাবলী হালনাগাদ করা হয়েছে',
        content:
          '<p>শর্তাবলী আরও সহজে পড়ার মতো করে নতুনভাবে লেখা হয়েছে। প্রধান পরিবর্তনগুলো:</p><ul><li>উত্তোলনের যাচাই ধাপে ধাপে ব্যাখ্যা করা হয়েছে;</li><li>অভিযোগের উত্তর দেওয়া হবে 10 কর্মদিবসের মধ্যে।</li></ul><p>নতুন শর্তে সম্মত না হলে আপনি যেকোনো সময় ব্যালেন্স তুলে নিয়ে সাইট ব্যবহার বন্ধ করতে পারেন।</p>',
      },
      {
        title: 'নতুন ডিভাইস থেকে লগইনে অতিরিক্ত যাচাই',
        content:
          '<p>যে ডিভাইস বা নেটওয়ার্ক আমরা আগে দেখিনি, সেখান থেকে লগইন করলে এখন একটি এসএমএস কোড, ই-মেইল কোড বা অ্যাকাউন্টধারীর নাম চাওয়া হয়। এতে কয়েক সেকেন্ড লাগে, আর কেউ আপনার পাসওয়ার্ড জেনে গেলেও আপনার অ্যাকাউন্ট ব্যবহার করতে পারে না।</p>',
      },
      {
        title: 'প্রতারণামূলক বার্তা কীভাবে চিনবেন',
        content:
          '<p>প্রতারকরা অ্যাকাউন্ট চুরি করতে আমাদের নাম নকল করে। এমন বার্তা থেকে সাবধান থাকুন যা:</p><ul><li>পাসওয়ার্ড বা এসএমএস কোড "নিশ্চিত" করলে বোনাসের প্রতিশ্রুতি দেয়;</li><li>উত্তোলন ছাড়াতে ফি দিতে বলে;</li><li>আমাদের অফিসিয়াল ডোমেইন নয় এমন ঠিকানায় নিয়ে যায়।</li></ul><p>আমরা কখনো পাসওয়ার্ড, কোড বা ফি চাই না। সন্দেহ হলে সাইট থেকে গ্রাহক সেবায় যোগাযোগ করুন।</p>',
      },
      {
        title: 'নিজের বাজেট ঠিক করুন',
        content:
          '<p>খেলার আগে ঠিক করুন কত টাকা ও কত সময় খরচ করতে পারবেন, এবং যেকোনো একটিতে পৌঁছালেই থামুন। বিল, খাবার বা ভাড়ার টাকা দিয়ে কখনো খেলবেন না।</p>',
      },
      {
        title: 'সরকারি ছুটির দিনে গ্রাহক সেবা',
        content: `<p>ছুটির দিনেও গ্রাহক সেবা স্বাভাবিক সময়ে (সকাল 09:00 থেকে রাত 11:00, ${f.timeZone}) খোলা থাকে। ব্যাংকের প্রক্রিয়ার ওপর নির্ভরশীল উত্তোলনে সেদিন বেশি সময় লাগতে পারে।</p>`,
      },
      {
        title: 'লবিতে নতুন গেম',
        content:
          '<p>লবিতে এখন আছে {{gameCategories}}। মেনুতে প্রতিটি খুঁজে পাবেন; আমাদের নিজস্ব গেম আগে ফ্রি প্লে-তে চেষ্টা করে দেখুন।</p>',
      },
      {
        title: 'খেলার টাকা আসল টাকা নয়',
        content:
          '<p>ফ্রি প্লে-তে আপনি খেলার টাকা দিয়ে আমাদের নিজস্ব গেম খেলেন, যা যেকোনো সময় রিচার্জ করা যায়। এটি জমা, উত্তোলন বা বিনিময় করা যায় না, এবং ফ্রি প্লে-র ফলাফল আসল টাকার খেলা সম্পর্কে কিছুই বলে না।</p>',
      },
      {
        title: 'উত্তোলনে কত সময় লাগে',
        content: `<p>বেশিরভাগ উত্তোলন 30 মিনিটের মধ্যে প্রক্রিয়া হয়। প্রথম উত্তোলন, বড় অঙ্ক বা পরিবর্তিত পেমেন্ট তথ্যের ক্ষেত্রে অতিরিক্ত যাচাই লাগতে পারে এবং 24 ঘণ্টা পর্যন্ত সময় লাগতে পারে।</p><p>সর্বনিম্ন উত্তোলন {{minWithdrawal}}।</p>`,
      },
      {
        title: 'আপনার মোবাইল নম্বর যাচাই করুন',
        content:
          '<p>যাচাই করা মোবাইল নম্বর থাকলে এসএমএস দিয়ে পাসওয়ার্ড রিসেট করা যায়, আর নতুন ডিভাইস থেকে লগইনে আপনার অ্যাকাউন্ট সুরক্ষিত থাকে। আমার অ্যাকাউন্ট → নিরাপত্তা থেকে যোগ করুন।</p>',
      },
      {
        title: 'আমাদের অফিসিয়াল ডোমেইন',
        content: `<p>আমাদের সাইট <strong>${f.domain}</strong>। এটি বুকমার্ক করে রাখুন এবং লগইনের আগে সবসময় ঠিকানা মিলিয়ে নিন। একই রকম নামের সাইট আমাদের নয়।</p>`,
      },
      {
        title: 'গোপনীয়তা নীতির হালনাগাদ',
        content:
          '<p>আমাদের গোপনীয়তা নীতিতে এখন বলা আছে লগইনের রেকর্ড (আপনার অ্যাকাউন্ট সুরক্ষায় ব্যবহৃত) এবং যাচাই কোড (শুধু যতক্ষণ বৈধ থাকে) আমরা কতদিন রাখি। আপনার সম্পর্কে আমাদের কাছে থাকা তথ্যের একটি কপি গ্রাহক সেবার কাছে চাইতে পারেন।</p>',
      },
    ],
    popups: {
      B: {
        title: 'Sorte-এ স্বাগতম',
        content: `<p>{{gameCategories}}, ${f.currencyName}-এ। নিবন্ধনে এক মিনিটও লাগে না।</p><p><strong>শুধুমাত্র 18+।</strong> জুয়ায় ঝুঁকি আছে: শুধু সেই টাকা দিয়েই খেলুন যা হারালে আপনার সমস্যা হবে না।</p>`,
      },
      A: {
        title: 'আবার দেখে ভালো লাগল',
        content:
          '<p>এই সপ্তাহের অফারগুলো প্রমোশন পাতায় আছে। মনে রাখবেন, খেলার আগে ঠিক করুন কত টাকা ও কত সময় খরচ করবেন, এবং যেকোনো একটিতে পৌঁছালেই থামুন।</p>',
      },
      F: {
        title: 'আপনার অ্যাকাউন্ট প্রস্তুত',
        content: `<p>স্বাগতম! তিনটি সহজ ধাপ:</p><ol><li>অ্যাকাউন্ট সুরক্ষিত রাখতে মোবাইল নম্বর যাচাই করুন।</li><li>${f.payments}-এর মাধ্যমে প্রথম জমা দিন (সর্বনিম্ন {{minDeposit}})।</li><li>খেলার আগে একটি বাজেট ঠিক করুন এবং তা মেনে চলুন।</li></ol>`,
      },
    },
    promotions: [
      {
        title: 'ফ্রি প্লে: বাজির আগে গেমটি শিখুন',
        content: `<p>${f.currencyName}-এর বদলে খেলার টাকা দিয়ে ক্র্যাশের মতো আমাদের নিজস্ব গেম খেলুন, আর আসল টাকায় বাজি ধরার আগে গেমটি কীভাবে চলে তা শিখুন।</p><ul><li>খেলার টাকায় খেলতে নিজস্ব গেমে <strong>ডেমো</strong> বেছে নিন।</li><li>খেলার টাকা কমে গেলে যেকোনো সময় রিচার্জ করুন।</li><li>খেলার টাকা জমা, উত্তোলন বা বিনিময় করা যায় না।</li></ul><p>শুধুমাত্র 18+। জুয়ায় ঝুঁকি আছে।</p>`,
      },
      {
        title: 'ক্র্যাশ প্রমাণযোগ্যভাবে ন্যায্য',
        content:
          '<p>প্রতিটি ক্র্যাশ রাউন্ডের ফলাফল কেউ বাজি ধরার আগেই একটি সিড দিয়ে নির্ধারিত হয়, আর পরে গেমের ইতিহাসে তা যাচাই করতে পারেন।</p><p>ন্যায্য মানে লাভজনক নয়: প্রতিটি ক্যাসিনো গেমে হাউসের সুবিধা থাকে, তাই সময়ের সাথে খেলোয়াড়রা যত জেতেন তার চেয়ে বেশি হারান। কেউ জেতার নিশ্চয়তা দিতে পারে না।</p>',
      },
      {
        title: 'এজেন্ট হন: খেলোয়াড় আমন্ত্রণ করুন, কমিশন পান',
        content: `<p>এজেন্টরা নিজেদের আমন্ত্রণ লিংক দিয়ে খেলোয়াড়দের আমন্ত্রণ জানান এবং অপারেটরের সাথে সম্মত চুক্তি অনুযায়ী তাদের দলের খেলার উপর কমিশন পান।</p><ul><li>এজেন্ট হতে গ্রাহক সেবার সাথে যোগাযোগ করুন।</li><li>এজেন্টরা তাদের লিংক এজেন্ট কেন্দ্রে, আমন্ত্রণ লিংক অংশে পাবেন।</li><li>আমন্ত্রিত খেলোয়াড়দের নতুন এবং 18 বছর বা তার বেশি বয়সী হতে হবে।</li></ul>`,
      },
      {
        title: `${f.payments}-এ জমা দিন`,
        content: `<p>${f.payments}-এ {{minDeposit}} থেকে জমা দিন। জমা সাধারণত কয়েক মিনিটের মধ্যে যোগ হয়; 30 মিনিটের মধ্যে না এলে পেমেন্টের রসিদসহ গ্রাহক সেবার সাথে যোগাযোগ করুন।</p><p>শুধু নিজের নামের অ্যাকাউন্ট থেকে পেমেন্ট করুন: অন্যের পেমেন্ট ফেরত দেওয়া হয়।</p>`,
      },
    ],
    helpNotices: [
      {
        title: 'সাহায্য দরকার?',
        content:
          '<p>অ্যাকাউন্ট, জমা ও উত্তোলন নিয়ে সাধারণ প্রশ্নের উত্তর সহায়তা কেন্দ্রে পাবেন। গ্রাহক সেবা ফুটারেই, এক ক্লিক দূরে।</p>',
      },
      {
        title: 'দায়িত্বশীল গেমিং',
        content:
          '<p>জুয়া বিনোদন হওয়া উচিত, টাকা উপার্জনের উপায় নয়। আনন্দ না থাকলে থামুন: সহায়তা কেন্দ্রের দায়িত্বশীল গেমিং অংশে সাহায্য কোথায় পাবেন তা বলা আছে।</p>',
      },
    ],
    help: [
      {
        key: 'account',
        title: 'অ্যাকাউন্ট',
        articles: [
          {
            key: 'create-account',
            title: 'কীভাবে অ্যাকাউন্ট খুলব?',
            content:
              '<p><strong>নিবন্ধন</strong> বেছে নিন এবং ইউজারনেম ও পাসওয়ার্ড অথবা মোবাইল নম্বর দিয়ে অ্যাকাউন্ট খুলুন। বয়স অন্তত 18 হতে হবে, আর প্রত্যেক ব্যক্তি শুধু একটি অ্যাকাউন্ট রাখতে পারেন।</p><p>অন্তত 8 অক্ষরের এমন একটি পাসওয়ার্ড দিন যা অন্য কোনো সাইটে ব্যবহার করেন না।</p>',
          },
          {
            key: 'forgot-password',
            title: 'পাসওয়ার্ড ভুলে গেছি',
            content:
              '<p>লগইন উইন্ডোতে <strong>পাসওয়ার্ড ভুলে গেছেন</strong> বেছে নিন। নিবন্ধিত মোবাইল নম্বরে পাঠানো এসএমএস কোড দিয়ে, অথবা অ্যাকাউন্টে ই-মেইল থাকলে ই-মেইলের মাধ্যমে পাসওয়ার্ড রিসেট করতে পারবেন।</p><p>পাসওয়ার্ড রিসেট করলে সব ডিভাইস থেকে আপনি লগআউট হয়ে যাবেন।</p>',
          },
          {
            key: 'verification-code',
            title: 'যাচাই কোড কেন চাওয়া হয়?',
            content:
              '<p>যে ডিভাইস বা নেটওয়ার্ক আমরা আগে দেখিনি, সেখান থেকে লগইন করলে একটি এসএমএস কোড, ই-মেইল কোড বা অ্যাকাউন্টধারীর নাম চাওয়া হয়। এতে কেউ আপনার পাসওয়ার্ড জেনে গেলেও আপনার অ্যাকাউন্ট ব্যবহার করতে পারে না।</p>',
          },
        ],
      },
      {
        key: 'payments',
        title: 'জমা ও উত্তোলন',
        articles: [
          {
            key: 'deposit',
            title: 'কীভাবে জমা দেব?',
            content: `<p><strong>জমা</strong> বেছে নিন, ${f.payments} থেকে একটি নির্বাচন করুন, পরিমাণ লিখুন (সর্বনিম্ন {{minDeposit}}) এবং নির্দেশনা অনুসরণ করুন। জমা সাধারণত কয়েক মিনিটের মধ্যে যোগ হয়।</p><p>শুধু নিজের নামের অ্যাকাউন্ট থেকে পেমেন্ট করুন: অন্য কারো পেমেন্ট ফেরত পাঠানো হয়।</p>`,
          },
          {
            key: 'withdrawal-times',
            title: 'উত্তোলনে কত সময় লাগে?',
            content: `<p>বেশিরভাগ উত্তোলন 30 মিনিটের মধ্যে প্রক্রিয়া হয়। প্রথম উত্তোলন, বড় অঙ্ক বা পরিবর্তিত পেমেন্ট তথ্যের ক্ষেত্রে অতিরিক্ত যাচাই লাগতে পারে এবং 24 ঘণ্টা পর্যন্ত সময় লাগতে পারে।</p><p>আমরা শুধু আপনার প্রোফাইলের নামে থাকা অ্যাকাউন্টে টাকা পাঠাই। সর্বনিম্ন উত্তোলন {{minWithdrawal}}।</p>`,
          },
          {
            key: 'bonus-withdrawal',
            title: 'আমি কী তুলতে পারি?',
            content:
              '<p>আপনার নগদ ব্যালেন্স {{minWithdrawal}} থেকে নিজের নামের অ্যাকাউন্টে তুলতে পারেন। যে টাকা তোলার অনুরোধ করেন, উত্তোলন পরিশোধ বা প্রত্যাখ্যান না হওয়া পর্যন্ত তা আটকে থাকে।</p><p>ফ্রি প্লে-র খেলার টাকা কখনো তোলা যায় না।</p>',
          },
        ],
      },
      {
        key: 'responsible-gaming',
        title: 'দায়িত্বশীল গেমিং',
        articles: [
          {
            key: 'limits',
            title: 'কীভাবে নিয়ন্ত্রণে থাকবেন',
            content:
              '<p>খেলার আগে:</p><ul><li>এমন একটি <strong>বাজেট ঠিক করুন</strong> যা হারালেও চলে, এবং তা শেষ হলে থামুন;</li><li>একটি <strong>সময়সীমা ঠিক করুন</strong> এবং নিয়মিত বিরতি নিন;</li><li><strong>হারানো টাকা ফেরত পেতে খেলবেন না</strong>: হার হলো বিনোদনের দাম, ফেরত জেতার মতো ঋণ নয়।</li></ul>',
          },
          {
            key: 'warning-signs',
            title: 'জুয়া সমস্যা হয়ে উঠছে এমন লক্ষণ',
            content:
              '<p>থামুন এবং কারো সাথে কথা বলুন যদি আপনি:</p><ul><li>পরিকল্পনার চেয়ে বেশি টাকা বা সময় খরচ করেন;</li><li>হারানো টাকা ফেরত পেতে খেলেন বা খেলার জন্য ধার করেন;</li><li>পরিবার বা বন্ধুদের কাছ থেকে জুয়া লুকান;</li><li>না খেললে অস্থির বা খিটখিটে বোধ করেন।</li></ul>',
          },
          {
            key: 'get-help',
            title: 'কোথায় সাহায্য পাবেন',
            content:
              '<p>গ্যাম্বলার্স অ্যানোনিমাস গ্রুপ এবং আপনার এলাকার স্বাস্থ্য পেশাজীবীদের কাছ থেকে বিনামূল্যে ও গোপনে সহায়তা পাওয়া যায়। থামতে চাইলে বিশ্বস্ত কাউকে জানান এবং ফোন থেকে অ্যাপটি মুছে ফেলুন।</p>',
          },
          {
            key: 'fair-games',
            title: 'গেমগুলো কি ন্যায্য?',
            content:
              '<p>ক্র্যাশের মতো আমাদের নিজস্ব গেমগুলো প্রমাণযোগ্যভাবে ন্যায্য: প্রতিটি রাউন্ডের ফলাফল বাজির আগেই একটি সিড দিয়ে নির্ধারিত হয়, আর পরে গেমের ইতিহাসে তা যাচাই করতে পারেন।</p><p>ন্যায্য মানে লাভজনক নয়: প্রতিটি ক্যাসিনো গেমে হাউসের সুবিধা থাকে, তাই সময়ের সাথে খেলোয়াড়রা যা জেতেন তার চেয়ে বেশি হারান। কেউ জেতার নিশ্চয়তা দিতে পারে না।</p>',
          },
        ],
      },
      {
        key: 'adults-only',
        title: 'শুধুমাত্র 18+',
        articles: [
          {
            key: 'minimum-age',
            title: 'শুধু প্রাপ্তবয়স্করাই খেলতে পারেন',
            content:
              '<p>অ্যাকাউন্ট খুলতে ও খেলতে বয়স অন্তত 18 বছর হতে হবে। আমরা যেকোনো সময় পরিচয়পত্র চাইতে পারি। অপ্রাপ্তবয়স্কদের খোলা অ্যাকাউন্ট বন্ধ করা হয় এবং জমা ফেরত দেওয়া হয়।</p>',
          },
          {
            key: 'protect-minors',
            title: 'শিশুদের সুরক্ষা',
            content:
              '<p>আপনার অ্যাকাউন্ট কারো সাথে শেয়ার করবেন না, আর অন্যরা যে ডিভাইস ব্যবহার করে সেখান থেকে লগআউট করে রাখুন। প্যারেন্টাল কন্ট্রোল সফটওয়্যার দিয়ে শিশুদের ব্যবহৃত ফোন ও কম্পিউটারে জুয়ার সাইট ব্লক করা যায়।</p>',
          },
        ],
      },
    ],
    resourceLabels: {
      CUSTOMER_SERVICE: 'গ্রাহক সেবা',
      TELEGRAM: 'টেলিগ্রাম',
      INSTAGRAM: 'ইনস্টাগ্রাম',
      WHATSAPP: 'হোয়াটসঅ্যাপ',
      FACEBOOK: 'ফেসবুক',
      APP_IOS: 'iOS অ্যাপ',
      APP_ANDROID: 'অ্যান্ড্রয়েড অ্যাপ',
    },
  };
};

export const siteTexts: Record<ContentLanguage, (facts: SiteFacts) => SiteTexts> = {
  EN: en,
  PT: pt,
  ES: es,
  BN: bn,
};
