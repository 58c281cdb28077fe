<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="sprites" tilewidth="69" tileheight="69" tilecount="102" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <properties>
   <property name="pivot" value="27,13"/>
   <property name="sprite" value="r00/&lt;&amp;&#39;&gt;3"/>
  </properties>
  <image source="../../art/r00/&lt;&amp;&#39;&gt;3.png" width="28" height="14"/>
 </tile>
 <tile id="1">
  <properties>
   <property name="pivot" value="8,1"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r00/cr&#xD;lf&#xA;0"/>
  </properties>
  <image source="../../art/r00/cr&#xD;lf&#xA;0.png" width="60" height="0"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="88.65911393323782,-95.86012412647835 96.51950929253286,-60.830997333513466 70.11359329708667,-36.50913187209222 35.84728194234543,-47.21639320363584 27.986886583050385,-82.24551999660072 54.392802578496585,-106.56738545802199"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="44.134254532245016,-39.42309148656003 53.819618666206274,-33.79930561117905 55.461491582987584,-22.72060987094419 47.823509488148716,-14.529488122460728 36.65722868554413,-15.394022110770152 30.371086370153172,-24.66320010939598 33.69867591939994,-35.357142028599654"/>
   </object>
   <object id="3" name="circle" x="-129.06082681075702" y="-345940659.5737908" width="1776.9911031430042" height="1776.9911031430042">
    <ellipse/>
   </object>
   <object id="4" name="box" x="0" y="0">
    <polygon points="-942761159.1372459,-441731861.8594255 942761352.5036497,441729900.8639522 942761159.1372461,441730313.55493945 -942761352.5036495,-441731449.16843826"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="2">
  <properties>
   <property name="pivot" value="-0.00000007453957162325665,42.99999993733792"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r00/s198/4"/>
  </properties>
  <image source="../../art/r00/a/b.png" width="0" height="43"/>
 </tile>
 <tile id="3">
  <properties>
   <property name="pivot" value="-527598915.5562742,-0.5386687468305524"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r00/s949/1"/>
  </properties>
  <image source="../../art/r00/a/b.png" width="69" height="54"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="26.566934676441285,-19.640734739974988 57.04947156100678,34.03620013493149 -4.6773860802278655,33.596384011308146"/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="704190184.6313748,-719320391.6490934 704191147.6444273,-719319448.8912177 -704189706.6313748,719320503.6490932 -704190669.6444273,719319560.8912175"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="4">
  <properties>
   <property name="pivot" value="47,1"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r00/s983/2"/>
  </properties>
  <image source="../../art/r00/a/b.png" width="56" height="27"/>
 </tile>
 <tile id="5">
  <properties>
   <property name="pivot" value="27,18.5"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r01/s182/0"/>
  </properties>
  <image source="../../art/r01/a/b.png" width="26" height="50"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-28,-37 410,-317 918,-205 1198,233 1086,741 648,1021 140,909 -140,471"/>
   </object>
   <object id="2" name="circle" x="712858162.1527836" y="-1516.3510390297401" width="1478" height="1478">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="504479424.5047861,275599942.2919331 -504480374.59883076,-275597308.11066335 -504479610.39452225,-275598706.97726697 504480188.7090946,275598543.4253295"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="6">
  <properties>
   <property name="pivot" value="-4.999999981308674,946.0752150423863"/>
   <property name="sprite" value="r02/cr&#xD;lf&#xA;2"/>
  </properties>
  <image source="../../art/r02/cr&#xD;lf&#xA;2.png" width="43" height="26"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="83,47.5 32.5,96 -29,63.5 -17,-5 52,-15"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="62.5,100 -237.5,137 -453.5,-74 -423.5,-374.5 -169.5,-538 117,-442 220,-158"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="84,75.5 -520,327.5 -1094,12.5 -1205,-632.5 -770,-1122 -116.5,-1087 263.5,-554"/>
   </object>
   <object id="4" name="circle" x="-398166092.9797945" y="-398165523.9797945" width="796330207.959589" height="796330207.959589">
    <ellipse/>
   </object>
   <object id="5" name="box" x="0" y="0">
    <polygon points="416.0785317817409,-18.300462763407538 535.9214682185211,12.300462871130474 535.9214682182592,12.30046287215663 416.07853178147883,-18.300462762381382"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="7">
  <properties>
   <property name="pivot" value="742.5712300470374,-377.949902079324"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r02/long name with spaces0"/>
  </properties>
  <image source="../../art/r02/long name with spaces0.png" width="31" height="12"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-50.74458287037149,24.594483140191006 -51.88917633785249,23.65011446329175 -51.34472718700461,22.26971541741782 -49.863645639153575,22.36095056592906 -49.492736053319234,23.797736034551583"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-5.787472265436648,26.03084741350743 -13.256994233358142,-6.915753381211765 15.76887591428989,-24.200750474868684 41.1773721864988,-1.9368653794726054 27.854816338100868,29.10796942476128"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="-65.9452321624362,51.8170744348639 -85.6745074860699,8.762639270991373 -42.62007232219739,-10.966636052642329 -22.890796998563673,32.08779911123019"/>
   </object>
   <object id="4" name="circle" x="-837.000000059926" y="503.999999940074" width="0.00000011985201746734383" height="0.00000011985201746734383">
    <ellipse/>
   </object>
   <object id="5" name="box" x="0" y="0">
    <polygon points="-843.0358453125061,1276.700302493398 6.702500807615031,-500.6136098847841 6.7025008958765895,-500.6136098425861 -843.0358452242447,1276.7003025355964"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="8">
  <properties>
   <property name="pivot" value="6.5,19.5"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r02/s548/1"/>
  </properties>
  <image source="../../art/r02/a/b.png" width="63" height="16"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="box" x="0" y="0">
    <polygon points="212279342.42733443,184.9458796639979 212279380.56978893,35.56792276723024 212279652.69433773,105.05272786503556 212279614.55188322,254.4306847618032"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="9">
  <properties>
   <property name="pivot" value="62.5,24"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r02/tab&#x9;here3"/>
  </properties>
  <image source="../../art/r02/tab&#x9;here3.png" width="66" height="40"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-14.118445597653732,81.02572545470969 -39.37162038023422,49.0304214524966 -30.10178136166374,9.337948622457635 6.710693606818474,-8.162451415497578 43.34526003630511,9.707379510314826 52.21534219642541,49.49109423463775 26.641587303906924,81.23074413017031"/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="1093.6040559260057,-870.3534129278452 -520.8140006771168,-83.41609743581853 -961.6040560139647,-987.7059442858972 652.8140005891578,-1774.643259777924"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="10">
  <properties>
   <property name="pivot" value="21.5,-8.5"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r02/x.y:z@w%4"/>
  </properties>
  <image source="../../art/r02/x.y:z@w%4.png" width="52" height="18"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="34,-47 -257,971 -993,210"/>
   </object>
   <object id="2" name="circle" x="-906" y="-511.98199753117615" width="1242" height="1242">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="-35438909.75528365,138790649.20389697 35438907.75528366,-138789378.28094384 35438907.755283765,-138789378.28094384 -35438909.75528354,138790649.20389697"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="11">
  <properties>
   <property name="pivot" value="45,25"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r05/q&#34;\&#xA;/é0"/>
  </properties>
  <image source="../../art/r05/q&#34;\&#xA;/é0.png" width="51" height="48"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-18.66891896621577,-7.617535555609052 8.748543282830617,-22.981532056002607 31.833034048454742,-1.6537119439094923 18.682571705547154,26.891602291701197 -12.52935175576944,23.20575659676172"/>
   </object>
   <object id="2" name="circle" x="-877.9864087813653" y="-1048.7351137406217" width="666.2790511685608" height="666.2790511685608">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="12">
  <properties>
   <property name="pivot" value="14.99999990853951,925.175078660646"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r06/s739/0"/>
  </properties>
  <image source="../../art/r06/a/b.png" width="15" height="64"/>
 </tile>
 <tile id="13">
  <properties>
   <property name="pivot" value="-231,-169"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r06/s996/2"/>
  </properties>
  <image source="../../art/r06/a/b.png" width="44" height="37"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-22.470258235370267,101.75132198139468 -27.802788879295704,93.96081224230026 -23.72227485877258,85.44745036865464 -14.309230194324023,84.72459823410341 -8.976699550398578,92.51510797319783 -13.057213570921704,101.02846984684346"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-23.589456583632213,6.922153209897903 -23.827258563382983,2.9955394662260026 -19.900644819711076,2.757737486475225 -19.662842839960305,6.684351230147126"/>
   </object>
   <object id="3" name="circle" x="107114728.19256298" y="585.0124878216426" width="0.0000001527798068467825" height="0.0000001527798068467825">
    <ellipse/>
   </object>
   <object id="4" name="box" x="0" y="0">
    <polygon points="53106883.62605021,-49179495.36398543 -53107629.12043185,49180189.19897174 -53108282.75715997,49179483.363985606 53106229.98932209,-49180201.19897156"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="14">
  <properties>
   <property name="pivot" value="-23.5,-1.5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r07/s134/0"/>
  </properties>
  <image source="../../art/r07/a/b.png" width="2" height="62"/>
 </tile>
 <tile id="15">
  <properties>
   <property name="pivot" value="42,562.4467654025299"/>
   <property name="sprite" value="r07/s197/2"/>
  </properties>
  <image source="../../art/r07/a/b.png" width="15" height="31"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="56.200677262530675,75.74115321431653 27.805918474583773,83.98180023307526 3.6592786688883443,66.91984325248627 1.9436701208207339,37.40328387942821 23.950981059112515,17.658693349898165 53.10925747989829,22.554151048879202 67.46172251788232,48.40327747990024"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="16">
  <properties>
   <property name="pivot" value="-480.6899183660578,-502116896.1421766"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r07/s305/3"/>
  </properties>
  <image source="../../art/r07/a/b.png" width="38" height="45"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-76.49567742093915,67.1989022311373 -105.99496326616759,20.234369495201733 -70.44481902099892,-22.33395728223879 -18.97433572729478,-1.6780973389737355 -22.713971879570657,53.65625295026206"/>
   </object>
   <object id="2" name="circle" x="-945.0000000226898" y="-1616" width="1966" height="1966">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="-1055404259.9626588,1198.082095138955 -1055405357.3680826,1417.8113337802345 -1055405741.7809097,-502.0820951389551 -1055404644.3754858,-721.8113337802345"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="17">
  <properties>
   <property name="pivot" value="-124.36520924104511,584.3705161424646"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r07/s358/1"/>
  </properties>
  <image source="../../art/r07/a/b.png" width="13" height="41"/>
 </tile>
 <tile id="18">
  <properties>
   <property name="pivot" value="314.96542747047295,-38.01788898905603"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r08/a0"/>
  </properties>
  <image source="../../art/r08/a0.png" width="51" height="37"/>
 </tile>
 <tile id="19">
  <properties>
   <property name="pivot" value="-5.9999999868220195,877.6738996133381"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r08/s474/3"/>
  </properties>
  <image source="../../art/r08/a/b.png" width="23" height="45"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="82,-89 702,533 602,1405.5 -142.5,1871.5 -971,1580 -1259.5,751 -791,8"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="20">
  <properties>
   <property name="pivot" value="-336497447.524915,-510.14614852666557"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r09/�2"/>
  </properties>
  <image source="../../art/r09/�2.png" width="59" height="53"/>
 </tile>
 <tile id="21">
  <properties>
   <property name="pivot" value="21.5,19.5"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r09/cr&#xD;lf&#xA;1"/>
  </properties>
  <image source="../../art/r09/cr&#xD;lf&#xA;1.png" width="30" height="24"/>
 </tile>
 <tile id="22">
  <properties>
   <property name="pivot" value="18.99999999462045,-148"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r09/s530/3"/>
  </properties>
  <image source="../../art/r09/a/b.png" width="19" height="21"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-52.87063747610304,-51.90831199351274 -16.354840795105048,-96.09183474624933 36.95018816932897,-75.01670776702503 33.3787111596488,-17.80804022390788 -22.1336119868064,-3.526266210392869"/>
   </object>
   <object id="2" name="circle" x="-1073.585274485607" y="-549287398.3069509" width="189.47666098018345" height="189.47666098018345">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="23">
  <properties>
   <property name="pivot" value="366116000.48302627,-308996448.6587579"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r10/s326/2"/>
  </properties>
  <image source="../../art/r10/a/b.png" width="34" height="59"/>
 </tile>
 <tile id="24">
  <properties>
   <property name="pivot" value="-427,410809753.01811194"/>
   <property name="sprite" value="r10/s411/3"/>
  </properties>
  <image source="../../art/r10/a/b.png" width="10" height="9"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="125,77 -1108,600 -1631,-634 -398,-1156"/>
   </object>
   <object id="2" name="circle" x="-1119" y="-234.91467670261466" width="1652" height="1652">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="-777774819.2301157,-198599459.9452738 777775271.4845531,198597688.77336696 777774819.2301157,198599459.94527385 -777775271.4845531,-198597688.7733669"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="25">
  <properties>
   <property name="pivot" value="20,3.5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r10/s869/0"/>
  </properties>
  <image source="../../art/r10/a/b.png" width="33" height="4"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-42.284366545970784,42.071905592384866 -50.00542274584842,-24.83500763824417 16.90149048478062,-32.556063838121815 24.622546684658275,34.35084939250721"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="20.192999248975315,35.34570584258985 5.885135501856819,-1.5531189241755623 42.78396026862223,-15.86098267129406 57.09182401574073,21.037842095471362"/>
   </object>
   <object id="3" name="circle" x="-907626993.3604945" y="-1838.9874912097202" width="1831.9749824194407" height="1831.9749824194407">
    <ellipse/>
   </object>
   <object id="4" name="box" x="0" y="0">
    <polygon points="-148977763.8914867,31.487149904428634 -148977763.89148664,31.487149886085035 -148977495.61510986,1248.5128500955714 -148977495.61510992,1248.512850113915"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="26">
  <properties>
   <property name="pivot" value="13,7.5"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r11/s534/0"/>
  </properties>
  <image source="../../art/r11/a/b.png" width="13" height="12"/>
 </tile>
 <tile id="27">
  <properties>
   <property name="pivot" value="702262628.693711,82299135.31290412"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r11/s886/1"/>
  </properties>
  <image source="../../art/r11/a/b.png" width="60" height="52"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-38.09647296827157,-71.69411401889836 24.858824693133357,-62.7906612410808 15.95537191531578,0.16463642032413617 -46.99992574608913,-8.738816357493448"/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="-11759103.442448331,-362215030.5615643 -11760240.975738125,-362215072.7622198 11757935.442448331,-996155668.065415 11759072.975738125,-996155625.8647596"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="28">
  <properties>
   <property name="pivot" value="22.5,14.5"/>
   <property name="sprite" value="r11/s963/4"/>
  </properties>
  <image source="../../art/r11/a/b.png" width="3" height="14"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="109.21965731732394,88.61291546183358 37.363564135803124,63.179058468624795 95.31797699890285,13.666784853330377"/>
   </object>
   <object id="2" name="circle" x="170.46235387469847" y="-64783996.480252475" width="952.5928801871189" height="952.5928801871189">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="518.1804417002379,-317.04804099981857 518.1804418483191,-317.0480410063809 575.8195582997621,983.58370876332 575.8195581516809,983.5837087698824"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="29">
  <properties>
   <property name="pivot" value="16.5,63.5"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r11/tab&#x9;here3"/>
  </properties>
  <image source="../../art/r11/tab&#x9;here3.png" width="36" height="69"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-65.5,44.5 52.5,-166.5 291,-205.5 470,-43.5 455.5,197.5 257.5,336 26,268"/>
   </object>
   <object id="2" name="circle" x="-399.82169607278456" y="-792.0670225833924" width="1732.1340450375465" height="1732.1340450375465">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="-141.42825491659028,401375991.348183 -1305.8120971994945,401375694.0321756 -1185.5737730017963,401375223.14073867 -21.18993071889213,401375520.45674604"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="30">
  <properties>
   <property name="pivot" value="-57985080.364108086,67.99999997406678"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r12/b/c1"/>
  </properties>
  <image source="../../art/r12/b/c1.png" width="17" height="63"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="box" x="0" y="0">
    <polygon points="725,171732724.5247562 365,171732724.5247562 365,171732590.49715877 725,171732590.49715877"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="31">
  <properties>
   <property name="pivot" value="0,10"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r12/s61/0"/>
  </properties>
  <image source="../../art/r12/a/b.png" width="8" height="10"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-94.58549622704119,-85.16624267533379 -75.660995759779,-102.33439388213567 -50.43916160392097,-98.24279082105883 -37.91254931048364,-75.97249405058618 -47.513953432748835,-52.293491270148635 -72.01332083369967,-45.036554537046484 -92.96212816440078,-59.66630522583756"/>
   </object>
   <object id="2" name="circle" x="-942479951.4778011" y="-995989954.935744" width="1884960842.9556022" height="1884960842.9556022">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="-1241895133.397809,770537024.2522287 -1241895343.6342194,770536505.354718 717351467.8172569,-23271535.587239325 717351678.0536673,-23271016.68972844"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="32">
  <properties>
   <property name="pivot" value="11,26.5"/>
   <property name="sprite" value="r13/a2"/>
  </properties>
  <image source="../../art/r13/a2.png" width="21" height="51"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="64,53 -58,194 -241,158 -302,-18 -180,-159 3,-124"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="33">
  <properties>
   <property name="pivot" value="870698184.3454964,34.999999981939084"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r13/s125/3"/>
  </properties>
  <image source="../../art/r13/a/b.png" width="55" height="32"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-24,-21 562,-654 1345,-292 1243,564 396,732"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="34">
  <properties>
   <property name="pivot" value="-4.999999938098286,67.999999962209"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r13/s460/1"/>
  </properties>
  <image source="../../art/r13/a/b.png" width="0" height="66"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="37.5,-43.5 344,520 -297,503.5"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="26,9.5 690.5,593 648.5,1476.5 -68.5,1994.5 -920.5,1757 -1266,942.5 -845,165"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="25.5,13.5 88.5,354 -216,519.5 -467,281 -318,-31.5"/>
   </object>
   <object id="4" name="circle" x="-311318278.8028796" y="-311318205.80287963" width="622636547.6057591" height="622636547.6057591">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="35">
  <properties>
   <property name="pivot" value="13.5,14"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r13/x.y:z@w%4"/>
  </properties>
  <image source="../../art/r13/x.y:z@w%4.png" width="35" height="16"/>
 </tile>
 <tile id="36">
  <properties>
   <property name="pivot" value="0.000000041552934051575585,0.00000006342367597742271"/>
   <property name="sprite" value="r14/cr&#xD;lf&#xA;0"/>
  </properties>
  <image source="../../art/r14/cr&#xD;lf&#xA;0.png" width="48" height="38"/>
 </tile>
 <tile id="37">
  <properties>
   <property name="pivot" value="19,-5"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r14/s302/2"/>
  </properties>
  <image source="../../art/r14/a/b.png" width="12" height="11"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="99,-88 254,386 -79,757 -566,654 -721,180 -388,-190"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="54,-73 69,84 -60,176 -204,110 -219,-47 -90,-139"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="26,-109 448,558 -220,980 -642,313"/>
   </object>
   <object id="4" name="circle" x="-857740363.4856051" y="-857740811.6217275" width="1715480019.243455" height="1715480019.243455">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="38">
  <properties>
   <property name="pivot" value="409562893.3278997,-15"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r14/s625/4"/>
  </properties>
  <image source="../../art/r14/a/b.png" width="23" height="7"/>
 </tile>
 <tile id="39">
  <properties>
   <property name="pivot" value="-798.037202198534,314296310.254894"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r14/s94/3"/>
  </properties>
  <image source="../../art/r14/a/b.png" width="40" height="69"/>
 </tile>
 <tile id="40">
  <properties>
   <property name="pivot" value="52.999999931117884,57.99999994062227"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r14/x.y:z@w%1"/>
  </properties>
  <image source="../../art/r14/x.y:z@w%1.png" width="53" height="58"/>
 </tile>
 <tile id="41">
  <properties>
   <property name="pivot" value="19.5,49"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r15/s527/0"/>
  </properties>
  <image source="../../art/r15/a/b.png" width="58" height="64"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="circle" x="-601450999.7885468" y="377.9999999463313" width="0.00000010733746466883358" height="0.00000010733746466883358">
    <ellipse/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="-708470509.286016,-306427222.3895438 -708470272.686375,-306427769.41478074 708470509.2860161,306428197.15495837 708470272.6863751,306428744.18019533"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="42">
  <properties>
   <property name="pivot" value="-730.1136547459697,-833495843.4763696"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r16/cr&#xD;lf&#xA;2"/>
  </properties>
  <image source="../../art/r16/cr&#xD;lf&#xA;2.png" width="28" height="5"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="14,91 -488,-797 400,-1299 902,-411"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="43">
  <properties>
   <property name="pivot" value="47.5,4.5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r16/long name with spaces0"/>
  </properties>
  <image source="../../art/r16/long name with spaces0.png" width="54" height="23"/>
 </tile>
 <tile id="44">
  <properties>
   <property name="pivot" value="44.99999997807422,221.31874621845088"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r16/s671/1"/>
  </properties>
  <image source="../../art/r16/a/b.png" width="45" height="46"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="1.0269119435326601,1.5630110201922776 5.35397723445066,-0.5247585172640186 7.441746771906956,3.8023067736539815 3.1146814809889563,5.890076311110278"/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="387451.8119789732,-21705197.71878509 388191.6359006954,-21705184.48750617 -388175.93130748294,21705229.71878509 -388915.7552292051,21705216.48750617"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="45">
  <properties>
   <property name="pivot" value="48.999999944986456,317"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r17/s63/1"/>
  </properties>
  <image source="../../art/r17/a/b.png" width="45" height="66"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="28.416114643007468,-6.0267056839227 48.721790529682,-9.554801461676206 61.93004904353843,6.266381808320304 54.832631670720325,25.615660856070306 34.52695578404579,29.143756633823827 21.318697270189354,13.322573363827324"/>
   </object>
   <object id="2" name="circle" x="-1635.8429903769704" y="-625.8429904762786" width="1385.6859807539408" height="1385.6859807539408">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="-699385887.922338,593.1084294792811 -699384470.2852657,-173.14047611383444 -699383811.925139,1044.891570520719 -699385229.5622113,1811.1404761138344"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="46">
  <properties>
   <property name="pivot" value="31.5,-5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r17/s8/0"/>
  </properties>
  <image source="../../art/r17/a/b.png" width="55" height="8"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-20.610813439573036,77.92984111127522 -60.31311775026046,19.664591469749205 -2.047868108734434,-20.037712840938212 37.65443620195299,38.22753680058778"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="47">
  <properties>
   <property name="pivot" value="30.5,6.5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r18/s215/1"/>
  </properties>
  <image source="../../art/r18/a/b.png" width="23" height="66"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="box" x="0" y="0">
    <polygon points="292.75338235916763,-707.7628564249551 75.42294275394768,143.3721180671036 -230.75338250661605,65.19246694267434 -13.42294290139607,-785.9425075493843"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="48">
  <properties>
   <property name="pivot" value="-389.53511848865094,-612749336.6127086"/>
   <property name="sprite" value="r18/s583/2"/>
  </properties>
  <image source="../../art/r18/a/b.png" width="37" height="8"/>
 </tile>
 <tile id="49">
  <properties>
   <property name="pivot" value="25.5,29.5"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r18/s797/0"/>
  </properties>
  <image source="../../art/r18/a/b.png" width="55" height="39"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="12,33 72,85 77,164 25,224 -55,229 -114,177 -120,98 -67,38"/>
   </object>
   <object id="2" name="circle" x="-1458.5865795116563" y="-1551.1359511601709" width="1411.098133493892" height="1411.098133493892">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="-63175730.78540753,192717858.77948037 36951767.96861707,-199413203.26947084 63177639.47083044,-192716638.85439965 -36949859.283194155,199414423.19455156"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="50">
  <properties>
   <property name="pivot" value="67,21.5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r19/s110/4"/>
  </properties>
  <image source="../../art/r19/a/b.png" width="69" height="14"/>
 </tile>
 <tile id="51">
  <properties>
   <property name="pivot" value="64.99999993630091,242.8187234681672"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r19/s114/0"/>
  </properties>
  <image source="../../art/r19/a/b.png" width="63" height="23"/>
 </tile>
 <tile id="52">
  <properties>
   <property name="pivot" value="1,19.5"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r19/s619/3"/>
  </properties>
  <image source="../../art/r19/a/b.png" width="64" height="51"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="16.07229561891398,-16.32525622940601 27.80966292126822,1.2479999839229734 18.45946026448972,20.199486347975057 -2.628109694643026,21.577716498698173 -14.365476996997272,4.004460285369198 -5.015274340218765,-14.947026078682896"/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="466266658.27857316,581834353.3283696 -466267518.1689365,-581834679.8387766 -466267518.1689365,-581834679.8387766 466266658.27857316,581834353.3283696"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="53">
  <properties>
   <property name="pivot" value="-9,-29.5"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r19/tab&#x9;here1"/>
  </properties>
  <image source="../../art/r19/tab&#x9;here1.png" width="8" height="0"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-27.096812763561807,-65.97900104168093 -9.132920875090424,-75.4111224351133 10.238985894020438,-69.3782496625439 19.671107287452795,-51.414357774072506 13.63823451488339,-32.04245100496165 -4.325657373587992,-22.610329611529295 -23.697564142698848,-28.643202384098696 -33.129685536131205,-46.60709427257008"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="54">
  <properties>
   <property name="pivot" value="-368904857.17739105,-598"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r20/s605/2"/>
  </properties>
  <image source="../../art/r20/a/b.png" width="44" height="58"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-67.63209224575249,-56.099354449697515 -39.18110581250194,-71.98185572213055 -9.024766403422355,-59.6405563927148 0.1285873292305837,-28.368706573128307 -18.61370666961963,-1.7146470070039186 -51.13831874571508,0.250571808637126 -72.95355262457872,-23.95289997754108"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-78.97563989674967,21.70070981391021 -50.77295822475956,-7.136808874639229 -10.642793830237395,-3.0669632666744633 11.196020991570549,30.845569885286125 -1.701586750794398,69.06396142820866 -39.623455364079916,82.80898301716061 -74.0136443173356,61.7303530483174"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="55">
  <properties>
   <property name="pivot" value="-836.6299363529904,-1003.1492908762159"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r20/s866/4"/>
  </properties>
  <image source="../../art/r20/a/b.png" width="26" height="66"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="15.074137733351087,86.98660858610491 9.283481970683447,73.3047042167519 16.370010732662738,60.246859393065364 30.997423322675754,57.64589759877357 42.15097971560279,67.46039611492985 41.431824456482325,82.29983737958386 29.38149612352594,90.98981945101447"/>
   </object>
   <object id="2" name="circle" x="643.1290470256973" y="160.4305578252687" width="0.00000007377989767259092" height="0.00000007377989767259092">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="56">
  <properties>
   <property name="pivot" value="-523.042431561475,6.999999971348065"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r20/s93/3"/>
  </properties>
  <image source="../../art/r20/a/b.png" width="42" height="7"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-44.52816348667544,-8.7563710761892 -20.796663647137088,-32.1308603725827 11.311987803796299,-23.266023289832926 19.689139415191363,8.973303089310367 -4.042360424346967,32.34779238570387 -36.15101187528039,23.48295530295409"/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="1068.1068956351291,1521.4502936740635 -81.39200212750713,754.263038799164 144.7132053165094,415.4830537514836 1294.212103079146,1182.670308626383"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="57">
  <properties>
   <property name="pivot" value="0,14.5"/>
   <property name="sprite" value="r20/s972/1"/>
  </properties>
  <image source="../../art/r20/a/b.png" width="18" height="13"/>
 </tile>
 <tile id="58">
  <properties>
   <property name="pivot" value="0.00000009730758121097358,-579253715.54249"/>
   <property name="sprite" value="r20/x.y:z@w%0"/>
  </properties>
  <image source="../../art/r20/x.y:z@w%0.png" width="31" height="21"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="78.5,31 -84.5,219 -333,236.5 -521,73.5 -538.5,-174.5 -375.5,-362.5 -127,-380 60.5,-217"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="71,6 -47.5,158.5 -239,132 -311.5,-46.5 -193,-199 -2,-172.5"/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="71131084.9345688,-1156023380.150144 71132346.45854186,-1156023058.030189 -71129833.52132799,-598879212.242639 -71131095.04530105,-598879534.362594"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="59">
  <properties>
   <property name="pivot" value="28,20.5"/>
   <property name="sprite" value="r21/a2"/>
  </properties>
  <image source="../../art/r21/a2.png" width="0" height="20"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="83.72982350736822,40.768715040967194 71.76369210761408,43.67703355402629 62.02911623761159,36.13484223579856 61.856430076632414,23.821564981574546 71.3756698260496,16.0093507088667 83.41865379744857,18.580956105153547 88.91676942826228,29.59990985584087"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="116.58359099675654,10.433161525314436 86.8185786950096,39.4621149049627 50.01250878304773,20.124345921010246 57.03011888689737,-20.856005957314153 98.173310362833,-26.845487305096782"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="24.65454326309733,51.98267479061388 -16.200955717367833,47.4155010883181 -11.633782015072052,6.5600021078529345 29.221716965393107,11.12717581014872"/>
   </object>
   <object id="4" name="circle" x="-699275945.3747574" y="-699275480.0659996" width="1398552669.2695203" height="1398552669.2695203">
    <ellipse/>
   </object>
   <object id="5" name="box" x="0" y="0">
    <polygon points="-592739515.48473,1102.4567844700064 -592740348.6706765,132.55472791597052 -592739501.265207,-595.4015880928033 -592738668.0792606,374.5004684612325"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="60">
  <properties>
   <property name="pivot" value="0.000000009158180662606018,614.4740480178561"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r21/b/c3"/>
  </properties>
  <image source="../../art/r21/b/c3.png" width="65" height="15"/>
 </tile>
 <tile id="61">
  <properties>
   <property name="pivot" value="58.5,-1.5"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r21/tab&#x9;here1"/>
  </properties>
  <image source="../../art/r21/tab&#x9;here1.png" width="62" height="2"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="23,-68 385,-610 1034,-665 1482,-192 1391,453 830,784 221,552"/>
   </object>
   <object id="2" name="circle" x="61.99999986536502" y="672.4955776931535" width="0.00000015399838355838893" height="0.00000015399838355838893">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="912.8544723303515,-323.1670389702506 -982.3382245356697,-807.0891832720974 -788.8544725297448,-1564.8329610297494 1106.3382243362764,-1080.9108167279026"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="62">
  <properties>
   <property name="pivot" value="-550.7874742602918,30.67862191897173"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r22/a1"/>
  </properties>
  <image source="../../art/r22/a1.png" width="41" height="24"/>
 </tile>
 <tile id="63">
  <properties>
   <property name="pivot" value="17,14.5"/>
   <property name="sprite" value="r22/a3"/>
  </properties>
  <image source="../../art/r22/a3.png" width="0" height="67"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="circle" x="-75899659.89153577" y="34.999999991886696" width="0.000000016226605123362825" height="0.000000016226605123362825">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="64">
  <properties>
   <property name="pivot" value="1.5,-20"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r22/s879/2"/>
  </properties>
  <image source="../../art/r22/a/b.png" width="3" height="3"/>
 </tile>
 <tile id="65">
  <properties>
   <property name="pivot" value="31,-5.5"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r23/s859/2"/>
  </properties>
  <image source="../../art/r23/a/b.png" width="21" height="9"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="68.5227287477411,-82.19883795039297 55.662456502652006,-28.89329844165968 15.928641248198446,-66.68339065985741"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="66">
  <properties>
   <property name="pivot" value="5,7"/>
   <property name="sprite" value="r23/x.y:z@w%1"/>
  </properties>
  <image source="../../art/r23/x.y:z@w%1.png" width="6" height="42"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="59,-4 -263,292 -559,-30 -237,-326"/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="-457.0046825246099,-644.951325723646 1027.8650121939008,166.23668559466546 457.0046825400081,1211.1895098388388 -1027.8650121785026,400.0014985205274"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="67">
  <properties>
   <property name="pivot" value="8.5,1.5"/>
   <property name="sprite" value="r24/s200/2"/>
  </properties>
  <image source="../../art/r24/a/b.png" width="63" height="8"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="54.46699614420494,52.18759626907507 53.235347022818004,54.872486725535076 50.465935328536936,55.90008352826584 47.78104487207693,54.66843440687891 46.75344806934616,51.89902271259784 47.9850971907331,49.21413225613784 50.75450888501417,48.186535453407075 53.43939934147417,49.418184574794"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="77.11577695009045,95.19500064289853 21.794018876958592,96.69839574929458 48.15291955946033,48.03665032274749"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="61.752926597462135,61.85117343856691 52.43792953928457,69.64250098222537 42.14944431476877,63.19106495050748 45.10580781144448,51.41253066300163 57.22142616000535,50.58443216738487"/>
   </object>
   <object id="4" name="box" x="0" y="0">
    <polygon points="-952442315.6914116,-336441729.1193826 -952442918.0924331,-336442765.6029954 -952442006.823274,-336443295.22976947 -952441404.4222525,-336442258.7461567"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="68">
  <properties>
   <property name="pivot" value="-434.42139993852294,314.975411228967"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r24/s477/3"/>
  </properties>
  <image source="../../art/r24/a/b.png" width="34" height="69"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="circle" x="-936.0466179764635" y="-416.82752614949584" width="1337.2407632825953" height="1337.2407632825953">
    <ellipse/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="962.6498068182483,59.32187988208386 418.2883896073402,-238.06411771512967 439.563226803447,-277.0074459840346 983.9246440143551,20.378551613179013"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="69">
  <properties>
   <property name="pivot" value="976.4037179238902,478.41479950907694"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r24/s908/4"/>
  </properties>
  <image source="../../art/r24/a/b.png" width="41" height="11"/>
 </tile>
 <tile id="70">
  <properties>
   <property name="pivot" value="-223309295.34204245,301.66501664240064"/>
   <property name="sprite" value="r24/s970/1"/>
  </properties>
  <image source="../../art/r24/a/b.png" width="33" height="27"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="55,107 -399.5,-101 8,-390.5"/>
   </object>
   <object id="2" name="circle" x="-768.9940582631398" y="-813.2674295290562" width="1537.9881166366606" height="1537.9881166366606">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="-458.0854194303047,-476.4437726345193 472.255992974989,31.80405736728137 458.0854195692431,57.74311799612438 -472.2559928360506,-450.5047120056763"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="71">
  <properties>
   <property name="pivot" value="-778.8663234904368,259686848.5755396"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r25/&lt;&amp;&#39;&gt;2"/>
  </properties>
  <image source="../../art/r25/&lt;&amp;&#39;&gt;2.png" width="26" height="12"/>
 </tile>
 <tile id="72">
  <properties>
   <property name="pivot" value="1010770092.0184994,-202.669926213491"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r25/q&#34;\&#xA;/é0"/>
  </properties>
  <image source="../../art/r25/q&#34;\&#xA;/é0.png" width="39" height="14"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-83.42691546636297,-51.92204602699498 -25.656000687653915,-49.90364030751179 -27.6744064071371,7.867274471197259 -85.44532118584615,5.848868751714079"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="73">
  <properties>
   <property name="pivot" value="-819.3741328647566,25.559262212275833"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r25/s579/1"/>
  </properties>
  <image source="../../art/r25/a/b.png" width="27" height="63"/>
 </tile>
 <tile id="74">
  <properties>
   <property name="pivot" value="1042114378.8301148,304"/>
   <property name="sprite" value="r27/s535/0"/>
  </properties>
  <image source="../../art/r27/a/b.png" width="14" height="2"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="92.50214015552484,20.601703007273287 57.49156052468986,19.43924110049119 47.77826340723447,-14.21701928119397 76.78569527665564,-33.85527022450982 104.42657121576023,-12.336116405393536"/>
   </object>
   <object id="2" name="circle" x="710.6873739105541" y="-7.00000001198022" width="0.000000047723600953226695" height="0.000000047723600953226695">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="608.85746170054,1128.718323631759 29.333547716397618,1200.8850273149699 -148.19337069887962,-224.718323631759 431.33054328526276,-296.8850273149698"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="75">
  <properties>
   <property name="pivot" value="505.68143998247035,912.0084990041235"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r29/long name with spaces2"/>
  </properties>
  <image source="../../art/r29/long name with spaces2.png" width="17" height="58"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-70,79 -577,-413 -588,-1119.5 -96,-1626.5 610.5,-1637 1117.5,-1145.5 1128,-439 636.5,68"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-43.5,122.5 -407.5,-318.5 -207.5,-854.5 356.5,-949 720.5,-508 520.5,27.5"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="-28,81 -123.5,-7.5 -128.5,-138 -40,-233.5 90.5,-238.5 186,-150 191,-19.5 102.5,76"/>
   </object>
   <object id="4" name="circle" x="-280.96071994381856" y="-756.4027420529128" width="1512.805484213156" height="1512.805484213156">
    <ellipse/>
   </object>
   <object id="5" name="box" x="0" y="0">
    <polygon points="-254.76236923382515,-418118336.93752986 -254.76236923382515,-418118336.93752974 -659.5878089327443,-418118336.93752974 -659.5878089327443,-418118336.93752986"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="76">
  <properties>
   <property name="pivot" value="7.5,21.5"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r29/long name with spaces4"/>
  </properties>
  <image source="../../art/r29/long name with spaces4.png" width="35" height="40"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-48,-21 70,-27 77,92 -42,98"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-53,23 108,-21 200,120 95,250 -62,190"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="77">
  <properties>
   <property name="pivot" value="960,241.75239282972382"/>
   <property name="sprite" value="r29/q&#34;\&#xA;/é1"/>
  </properties>
  <image source="../../art/r29/q&#34;\&#xA;/é1.png" width="54" height="37"/>
 </tile>
 <tile id="78">
  <properties>
   <property name="pivot" value="-88318605.2168076,-824.5488466976147"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r29/s21/3"/>
  </properties>
  <image source="../../art/r29/a/b.png" width="1" height="45"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-0.2228032668037514,96.47440593938444 -2.0796550827616267,95.44589932215017 -2.4332644002937927,93.3528907271666 -1.0173561909829822,91.77145831605097 1.1018617842958869,91.89245294971563 2.3285751659892537,93.62476320117037 1.7390437572892938,95.66392411838042"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-52.15572963786494,37.80774909542889 -60.075805186781395,18.990378312612417 -52.370253830298864,0.08414869983267437 -33.55288304748239,-7.835926849083791 -14.646653434702646,-0.13037549260125303 -6.726577885786181,18.686995290215204 -14.432129242268712,37.59322490299495 -33.249500025085176,45.51330045191143"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="-85.86423629206041,107.8053978899814 -95.50649268004533,98.01797007441519 -93.86622200626819,84.37698903882607 -82.17858154350726,77.15439172831589 -69.24460294463856,81.78894123183417 -64.80383589969199,94.79072724565056 -72.20026856865161,106.36913971326035"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="79">
  <properties>
   <property name="pivot" value="707.0013111578522,-88671323.31464672"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r29/s238/0"/>
  </properties>
  <image source="../../art/r29/a/b.png" width="38" height="55"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-10,55 -161,-265 -5,-583 341,-660 616,-437 614,-83 335,136"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-3,70 -7,-33 96,-38 100,65"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="-28,40 -86,-242 73,-482 355,-540 595,-382 653,-100 495,141 213,199"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="80">
  <properties>
   <property name="pivot" value="-440,-998.5247205297087"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r31/s337/2"/>
  </properties>
  <image source="../../art/r31/a/b.png" width="18" height="21"/>
 </tile>
 <tile id="81">
  <properties>
   <property name="pivot" value="-17,8.5"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r31/s842/0"/>
  </properties>
  <image source="../../art/r31/a/b.png" width="3" height="37"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-112.39588460652546,-63.09307287195233 -86.88043844302152,-78.68447668975371 -58.781967609571915,-68.4567788669687 -49.259193748114065,-40.11164447116889 -65.48295980551191,-14.993537837761068 -95.23643903602861,-12.01690557770096 -116.11465471871637,-33.423212495046386"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="82">
  <properties>
   <property name="pivot" value="11,20"/>
   <property name="sprite" value="r32/s1/0"/>
  </properties>
  <image source="../../art/r32/a/b.png" width="33" height="7"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="101.89669978988512,91.60075072225347 100.49684230213482,93.58945363108309 98.06921489106817,93.73493695877337 96.44187051179293,91.92764879225447 96.84023267367907,89.52851398287518 98.96432654371915,88.34412997552953 101.21466611415427,89.26636208477962"/>
   </object>
   <object id="2" name="circle" x="-1207.42309258835" y="-873116909.231671" width="610.0135332779599" height="610.0135332779599">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="83">
  <properties>
   <property name="pivot" value="12,-5"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r33/�1"/>
  </properties>
  <image source="../../art/r33/�1.png" width="12" height="19"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="circle" x="-199.70644894933676" y="-88.06191936137276" width="214.12383860650363" height="214.12383860650363">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="84">
  <properties>
   <property name="pivot" value="765,-670.9756485039532"/>
   <property name="sprite" value="r33/s548/0"/>
  </properties>
  <image source="../../art/r33/a/b.png" width="24" height="23"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="86.68524340157629,14.282157115658709 69.79265935721492,32.35429071399558 45.695440538288224,26.7609505951834 38.490805763722896,3.095476878034326 55.38338980808427,-14.976656720302543 79.48060862701098,-9.38331660149035"/>
   </object>
   <object id="2" name="circle" x="-265091059.53471145" y="-265090538.36929506" width="530181066.73859024" height="530181066.73859024">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="378637570.09552646,1041137557.3545148 378637515.29839444,1041137699.5142932 -378637770.8140243,749237175.1080639 -378637716.0168923,749237032.9482856"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="85">
  <properties>
   <property name="pivot" value="-769,371.1068621378524"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r34/s773/0"/>
  </properties>
  <image source="../../art/r34/a/b.png" width="28" height="47"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-74.513144521083,124.32526259543619 -109.82146225811726,72.40535481146632 -57.9015544741474,37.09703707443207 -22.593236737113138,89.01694485840193"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="-45.87017827085971,42.83121757045556 -46.2125602559817,41.70498130192198 -45.40840202932921,40.845351670741415 -44.26186181755476,41.11195830809442 -43.91947983243277,42.238194576628 -44.72363805908526,43.097824207808564"/>
   </object>
   <object id="3" name="circle" x="32.99999982209336" y="484617421.10948884" width="0.00000019969278843424045" height="0.00000019969278843424045">
    <ellipse/>
   </object>
   <object id="4" name="box" x="0" y="0">
    <polygon points="-592.3589916351247,-719.4427612642838 -997.0190772842029,-1152.557238694632 -997.0190772402298,-1152.557238735716 -592.3589915911517,-719.442761305368"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="86">
  <properties>
   <property name="pivot" value="0,-2"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r35/&lt;&amp;&#39;&gt;0"/>
  </properties>
  <image source="../../art/r35/&lt;&amp;&#39;&gt;0.png" width="3" height="25"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-19.738312501490896,-76.32229161314807 7.002689324675187,-82.8355345365082 26.01382407040733,-62.93376909408239 18.283956989973404,-36.51876072829643 -8.457044836192681,-30.005517804936275 -27.468179581924833,-49.9072832473621"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="87">
  <properties>
   <property name="pivot" value="26.5,-15.5"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r35/cr&#xD;lf&#xA;3"/>
  </properties>
  <image source="../../art/r35/cr&#xD;lf&#xA;3.png" width="33" height="3"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="box" x="0" y="0">
    <polygon points="-1035.8328788508827,-1067.4193927252347 166.4949427685402,-670.9804827278778 166.4949427319655,-670.9804826169533 -1035.8328788874576,-1067.4193926143105"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="88">
  <properties>
   <property name="pivot" value="-14,22.5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r35/tab&#x9;here4"/>
  </properties>
  <image source="../../art/r35/tab&#x9;here4.png" width="1" height="6"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-31.187795246462336,76.74327073662919 -35.73116509608079,68.11679053124436 -30.53209901778316,59.86887671999409 -20.789663089867076,60.24744311412864 -16.246293240248626,68.87392331951347 -21.445359318546263,77.12183713076374"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="89">
  <properties>
   <property name="pivot" value="-753,-248.5253417458589"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r36/cr&#xD;lf&#xA;1"/>
  </properties>
  <image source="../../art/r36/cr&#xD;lf&#xA;1.png" width="1" height="60"/>
 </tile>
 <tile id="90">
  <properties>
   <property name="pivot" value="40.5,2.5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r36/s469/3"/>
  </properties>
  <image source="../../art/r36/a/b.png" width="63" height="48"/>
 </tile>
 <tile id="91">
  <properties>
   <property name="pivot" value="0.5,9"/>
   <property name="sprite" value="r36/s676/4"/>
  </properties>
  <image source="../../art/r36/a/b.png" width="4" height="34"/>
 </tile>
 <tile id="92">
  <properties>
   <property name="pivot" value="49,9.5"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r36/s835/0"/>
  </properties>
  <image source="../../art/r36/a/b.png" width="63" height="28"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="circle" x="317" y="-543.3787168171535" width="584" height="584">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="93">
  <properties>
   <property name="pivot" value="15.5,-14"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r36/s966/2"/>
  </properties>
  <image source="../../art/r36/a/b.png" width="27" height="11"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="-2.5,-88.5 203.5,-37 56,115.5"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="94">
  <properties>
   <property name="pivot" value="-5.999999950189204,-547808916.7495756"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r37/b/c2"/>
  </properties>
  <image source="../../art/r37/b/c2.png" width="63" height="3"/>
 </tile>
 <tile id="95">
  <properties>
   <property name="pivot" value="225.29205843505073,-416.1624683676103"/>
   <property name="sprite" value="r37/b/c3"/>
  </properties>
  <image source="../../art/r37/b/c3.png" width="25" height="39"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="42.49949066346344,34.79223549618635 -30.39526150533102,60.876253632470934 -16.53730775973027,-15.294462616418187"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="64.92242443766514,73.31547547360708 57.096367105956745,83.88834552771222 44.08636078488911,85.83063543036843 33.51349073078398,78.00457809866002 31.571200828127772,64.9945717775924 39.39725815983617,54.42170172348726 52.4072644809038,52.479411820831054 62.98013453500893,60.30546915253946"/>
   </object>
   <object id="3" name="circle" x="-1375" y="-706" width="900" height="900">
    <ellipse/>
   </object>
   <object id="4" name="box" x="0" y="0">
    <polygon points="838.0608482818959,309.64768179211154 -153.48151892742402,-1253.1362261590482 929.1317181620361,-1940.0238287343466 1920.674085371356,-377.23992078318696"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="96">
  <properties>
   <property name="pivot" value="967,162.68372040585544"/>
   <property name="sprite" value="r37/cr&#xD;lf&#xA;0"/>
  </properties>
  <image source="../../art/r37/cr&#xD;lf&#xA;0.png" width="12" height="57"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="106.81908082284168,20.532576995713665 64.89610512494428,23.41599002242165 62.012692098236286,-18.506985675475754 103.93566779613369,-21.390398702183745"/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="512341191.24024415,-20.97042836618428 512341259.24754405,550.4904908798904 512340129.2213733,684.9704283661844 512340061.2140734,113.50950912010958"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="97">
  <properties>
   <property name="pivot" value="34.999999950547334,-612.960042750579"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r37/s306/1"/>
  </properties>
  <image source="../../art/r37/a/b.png" width="30" height="69"/>
 </tile>
 <tile id="98">
  <properties>
   <property name="pivot" value="-3.5,28"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r38/&lt;&amp;&#39;&gt;2"/>
  </properties>
  <image source="../../art/r38/&lt;&amp;&#39;&gt;2.png" width="11" height="53"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="-52,111 573,-1139 1343,27"/>
   </object>
   <object id="2" name="circle" x="-719.1947031374049" y="-164421335.9059064" width="1460.389406140802" height="1460.389406140802">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="1320.0258914999456,-97.06490185487428 1320.0258914999456,925.0649018548743 452.0258914999456,925.0649018548743 452.0258914999456,-97.06490185487428"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="99">
  <properties>
   <property name="pivot" value="-5.999999903880579,-320568213.1472912"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r39/b/c1"/>
  </properties>
  <image source="../../art/r39/b/c1.png" width="35" height="50"/>
 </tile>
 <tile id="100">
  <properties>
   <property name="pivot" value="2.5,25"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r39/s219/0"/>
  </properties>
  <image source="../../art/r39/a/b.png" width="53" height="31"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="15.357918101732999,-60.09036046021947 44.78688959187572,0.5759531628097605 -15.879424031153508,30.004924652952482 -45.30839552129623,-30.661388970076757"/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="-911.0000587052292,204.99994248943247 -910.9999412639411,-1639.000057510564 895.0000587360553,-1638.9999424894324 894.9999412947672,205.0000575105639"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="101">
  <properties>
   <property name="pivot" value="-667.5608061342291,269"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r39/s700/4"/>
  </properties>
  <image source="../../art/r39/a/b.png" width="62" height="58"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="2.5,100.5 -99,-644.5 495,-1104.5 1190.5,-820 1292,-75.5 698,385"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="27.5,113.5 -585.5,-601.5 -272.5,-1489.5 653.5,-1663 1266,-947.5 953,-59.5"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="34.5,86.5 -767.5,-534.5 -425,-1489 589,-1458 873,-484"/>
   </object>
   <object id="4" name="circle" x="756.9501586417718" y="267821275.26576367" width="603.6319567390395" height="603.6319567390395">
    <ellipse/>
   </object>
   <object id="5" name="box" x="0" y="0">
    <polygon points="-391674924.14483654,-166.74166369196956 -391675756.42757154,1356.7416637497174 -391675756.42757165,1356.7416636919695 -391674924.14483666,-166.7416637497176"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
