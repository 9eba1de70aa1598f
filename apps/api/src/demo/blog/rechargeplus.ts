import type { DemoPost } from './demo-post';

const AUTHOR = 'Camille Martin';

/** Recharge Plus's blog, in French and English. */
export const RECHARGEPLUS_POSTS: readonly DemoPost[] = [
  {
    slug: 'top-up-abroad',
    publishedAt: '2026-10-28T09:00:00Z',
    authorName: AUTHOR,
    texts: {
      fr: {
        title: 'Recharger son mobile depuis l’étranger',
        excerpt:
          'En vacances avec un crédit presque épuisé ? Rechargez votre mobile prépayé en quelques secondes, où que vous soyez.',
        body: `En voyage, le crédit file souvent plus vite que prévu. Avec Recharge Plus, vous rechargez votre mobile prépayé français depuis n’importe quel pays, tant que vous avez une connexion Internet.

## Comment faire

1. Ouvrez la [page d’accueil](/) de la boutique.
2. Saisissez votre numéro avec l’indicatif du pays, par exemple **+33 6 …**.
3. Choisissez le montant et payez par carte, PayPal, Apple Pay ou crypto-monnaie.

Le crédit arrive en général en quelques secondes et votre opérateur vous le confirme par SMS.

## Bon à savoir

- **Le roaming a un coût :** dans l’Union européenne, vous appelez et surfez aux prix de votre forfait. Hors de l’UE, les appels et les données peuvent coûter bien plus cher ; vérifiez les tarifs avant de partir.
- **Passez par le Wi-Fi :** le Wi-Fi de l’hôtel ou du café suffit pour recharger, sans entamer vos données mobiles.
- **Rechargez pour un proche :** il suffit de saisir son numéro.

Astuce : activez une recharge automatique avant le départ pour ne plus y penser.`,
      },
      en: {
        title: 'Topping up your phone from abroad',
        excerpt:
          'On holiday with your credit nearly gone? Top up your prepaid phone in seconds, wherever you are.',
        body: `When travelling, credit often goes faster than planned. With Recharge Plus you top up your French prepaid phone from any country, as long as you have an Internet connection.

## How to do it

1. Open the shop's [home page](/).
2. Enter your number with its country code, for example **+33 6 …**.
3. Choose the amount and pay by card, PayPal, Apple Pay or crypto.

The credit usually arrives within seconds, and your operator confirms it by SMS.

## Good to know

- **Roaming has a price:** within the European Union you call and browse at your plan's prices. Outside the EU, calls and data can cost a lot more; check the rates before you leave.
- **Use Wi-Fi:** the Wi-Fi at your hotel or café is enough to top up, without using your mobile data.
- **Top up for someone else:** just enter their number.

Tip: switch on an automatic top-up before you leave and stop worrying about credit.`,
      },
    },
  },
  {
    slug: 'automatic-top-up',
    publishedAt: '2026-09-16T09:00:00Z',
    authorName: AUTHOR,
    texts: {
      fr: {
        title: 'La recharge automatique, comment ça marche ?',
        excerpt:
          'Plus jamais à court de crédit : la recharge automatique recharge votre mobile quand le solde baisse, chaque mois ou au renouvellement de votre forfait.',
        body: `La recharge automatique vous évite de surveiller votre solde. Vous choisissez une fois quand et combien recharger, et nous nous occupons du reste.

## Trois formules

- **Solde bas :** dès que votre crédit passe sous 5 €, nous rechargeons le montant choisi.
- **Mensuelle :** un jour fixe de chaque mois.
- **Au renouvellement du forfait :** au moment où votre opérateur renouvelle votre offre.

## La mettre en place

1. Sur la [page d’accueil](/), saisissez votre numéro et choisissez un montant.
2. Sélectionnez « Automatique » et la formule qui vous convient.
3. Payez par carte ou PayPal : le moyen de paiement est enregistré pour les recharges suivantes.

## Vous gardez la main

Dans votre compte, rubrique [Recharges automatiques](/account/automatic-topups), vous voyez chaque recharge, vous pouvez changer de moyen de paiement, fixer un plafond mensuel ou arrêter la recharge en un clic. Vous ne payez que le crédit réellement rechargé.`,
      },
      en: {
        title: 'How automatic top-up works',
        excerpt:
          'Never run out of credit: automatic top-up refills your phone when your balance runs low, every month or when your plan renews.',
        body: `Automatic top-up saves you from watching your balance. You choose once when and how much to top up, and we take care of the rest.

## Three options

- **Low balance:** as soon as your credit drops below €5, we top up the amount you chose.
- **Monthly:** on a fixed day of every month.
- **On plan renewal:** when your operator renews your plan.

## Setting it up

1. On the [home page](/), enter your number and choose an amount.
2. Select "Automatic" and the option that suits you.
3. Pay by card or PayPal: the payment method is saved for the next top-ups.

## You stay in charge

In your account under [automatic top-ups](/account/automatic-topups) you see every top-up, and you can change the payment method, set a monthly limit or stop it in one click. You only pay for credit that was really topped up.`,
      },
    },
  },
  {
    slug: 'top-up-not-arrived',
    publishedAt: '2026-08-04T09:00:00Z',
    authorName: AUTHOR,
    texts: {
      fr: {
        title: 'Votre recharge n’est pas arrivée ? Que faire',
        excerpt:
          'Paiement accepté mais crédit absent ? Voici comment vérifier votre recharge et pourquoi vous ne serez jamais débité pour rien.',
        body: `Une recharge arrive presque toujours en quelques secondes. Si ce n’est pas le cas, voici ce que vous pouvez vérifier.

## 1. Patientez quelques minutes

Lorsque le réseau de l’opérateur est très sollicité, la recharge peut être « en cours » pendant quelques minutes. La page de résultat se met à jour toute seule.

## 2. Vérifiez le numéro

Un chiffre inversé suffit pour recharger un autre numéro. Retrouvez le numéro utilisé dans l’e-mail de confirmation ou dans votre [compte](/account/orders).

## 3. Consultez votre solde

Votre opérateur vous envoie un SMS à chaque recharge. Vous pouvez aussi consulter votre solde depuis son application ou son code de service.

## Vous n’êtes jamais débité pour rien

Le montant est seulement réservé au moment du paiement. Il n’est encaissé qu’une fois la recharge confirmée par l’opérateur. Si la recharge échoue, la réservation est annulée ou le montant vous est remboursé automatiquement.

Toujours rien ? [Contactez-nous](/contact) avec votre numéro de commande : nous vérifions la recharge avec l’opérateur.`,
      },
      en: {
        title: 'Your top-up has not arrived? What to do',
        excerpt:
          'Payment accepted but no credit? Here is how to check your top-up, and why you are never charged for nothing.',
        body: `A top-up nearly always arrives within seconds. If yours has not, here is what you can check.

## 1. Wait a few minutes

When the operator's network is very busy, a top-up can stay "pending" for a few minutes. The result page updates by itself.

## 2. Check the number

One swapped digit is enough to top up another number. You find the number you used in the confirmation e-mail or in your [account](/account/orders).

## 3. Check your balance

Your operator sends you an SMS for every top-up. You can also check your balance in its app or with its service code.

## You are never charged for nothing

The amount is only held when you pay. It is taken once the operator has confirmed the top-up. If the top-up fails, the hold is released or the amount refunded automatically.

Still nothing? [Contact us](/contact) with your order number and we check the top-up with the operator.`,
      },
    },
  },
  {
    slug: 'promo-codes',
    publishedAt: '2026-06-23T09:00:00Z',
    authorName: AUTHOR,
    texts: {
      fr: {
        title: 'Codes promo : comment en profiter',
        excerpt:
          'Un code promo réduit le prix de votre recharge. Où le saisir, quand il s’applique et pourquoi il est parfois refusé.',
        body: `Recharge Plus propose régulièrement des codes promo, par e-mail ou chez nos partenaires. Voici comment en profiter.

## Où saisir le code

Choisissez votre recharge, puis saisissez le code dans le champ « Code promo » avant de payer. La réduction apparaît aussitôt dans le récapitulatif, avant que vous ne confirmiez quoi que ce soit.

## Les réductions possibles

- **Un pourcentage**, par exemple 10 % sur la commande ;
- **un montant fixe**, par exemple 5 € de réduction à partir d’un certain montant d’achat.

## Pourquoi un code est refusé

- Il a **expiré** : chaque code a une date de fin.
- Le **montant minimum** n’est pas atteint.
- Il a déjà été **utilisé** le nombre de fois prévu.
- Il contient une **faute de frappe** : copiez-le plutôt que de le recopier.

Un code refusé ne bloque jamais votre achat : vous pouvez le retirer et payer le prix normal.`,
      },
      en: {
        title: 'Promo codes: how to use them',
        excerpt:
          'A promo code lowers the price of your top-up. Where to enter it, when it applies and why it is sometimes refused.',
        body: `Recharge Plus regularly offers promo codes, by e-mail or through our partners. Here is how to use them.

## Where to enter the code

Choose your top-up, then enter the code in the "Promo code" field before paying. The discount shows in the summary straight away, before you confirm anything.

## Kinds of discount

- **A percentage**, for example 10% off the order;
- **a fixed amount**, for example €5 off from a minimum order.

## Why a code is refused

- It has **expired**: every code has an end date.
- The **minimum order** is not reached.
- It has already been **used** as often as allowed.
- It has a **typo**: copy it rather than typing it.

A refused code never blocks your purchase: remove it and pay the normal price.`,
      },
    },
  },
];
