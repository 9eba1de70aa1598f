import alpenfunk from '../config/alpenfunk.json' with { type: 'json' };
import belwaarde from '../config/belwaarde.json' with { type: 'json' };
import blitzmobil from '../config/blitzmobil.json' with { type: 'json' };
import callhome from '../config/callhome.json' with { type: 'json' };
import funkfix from '../config/funkfix.json' with { type: 'json' };
import kartenkiosk from '../config/kartenkiosk.json' with { type: 'json' };
import ladeplatz from '../config/ladeplatz.json' with { type: 'json' };
import rechargeplus from '../config/rechargeplus.json' with { type: 'json' };
import tarifwerk from '../config/tarifwerk.json' with { type: 'json' };
import topnet from '../config/topnet.json' with { type: 'json' };
import weltaufladen from '../config/weltaufladen.json' with { type: 'json' };

/** Every tenant config file, by shop id. A new tenant is one more file and one more line here. */
export const tenantSources: Record<string, unknown> = {
  funkfix,
  blitzmobil,
  tarifwerk,
  alpenfunk,
  ladeplatz,
  kartenkiosk,
  weltaufladen,
  belwaarde,
  rechargeplus,
  topnet,
  callhome,
};
