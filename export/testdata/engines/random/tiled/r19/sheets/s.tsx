<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="20" tileheight="20" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="35" y="0" width="20" height="20">
  <properties>
   <property name="pivot" value="10,-0.5"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r19/sheets/s/2"/>
  </properties>
  <image source="../../../../art/r19/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="26.21566617762281,-22.977961574581983 27.317642314003137,10.780799227974995 -6.441118488553844,11.882775364355322 -7.543094624934174,-21.875985438201653"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="47.96116381299598,-50.76318847143139 81.7549912063875,-30.332184293658123 80.95813626030565,9.149630809012038 46.367453920832226,28.20044173390894 12.573626527440688,7.769437556135674 13.370481473522574,-31.712377546534512"/>
   </object>
   <object id="3" name="pieces" x="0" y="0">
    <polygon points="79.76916943668543,-91.08452206498205 93.03470743645951,-47.7834535634247 48.90211310321363,-57.94569491153119"/>
   </object>
   <object id="4" name="circle" x="-191457198.00430253" y="-678.5562046029808" width="0.00000003614807994903375" height="0.00000003614807994903375">
    <ellipse/>
   </object>
   <object id="5" name="box" x="0" y="0">
    <polygon points="-12765936.6439296,-975948340.786571 -12764904.185689246,-975948354.2911415 12765936.643929763,975948380.786571 12764904.185689408,975948394.2911415"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
