<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="sprites" tilewidth="8" tileheight="4" tilecount="4" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <properties>
   <property name="pivot" value="4,2"/>
   <property name="sprite" value="a"/>
  </properties>
  <image source="../../art/a.png" width="8" height="4"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="0,0 4,0 4,4 0,4"/>
   </object>
   <object id="2" name="pieces" x="0" y="0">
    <polygon points="4,0 8,0 8,2.5"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="1">
  <properties>
   <property name="pivot" value="2,4"/>
   <property name="sprite" value="b/x"/>
  </properties>
  <image source="../../art/b/x.png" width="4" height="4"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,4 0,4"/>
   </object>
   <object id="2" name="circle" x="-0.8284271247461903" y="-0.8284271247461903" width="5.656854249492381" height="5.656854249492381">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="0.5569830750877565,-0.4326327619303354 4.432632761930335,0.5569830750877565 3.4430169249122433,4.432632761930336 -0.43263276193033534,3.4430169249122438"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="2">
  <properties>
   <property name="pivot" value="0.5,0.5"/>
   <property name="sprite" value="b_x"/>
  </properties>
  <image source="../../art/b_x.png" width="1" height="1"/>
 </tile>
 <tile id="3">
  <properties>
   <property name="pivot" value="0.5,0.5"/>
   <property name="sprite" value="q&#34;\&#xA;/é"/>
  </properties>
  <image source="../../art/q.png" width="1" height="1"/>
 </tile>
</tileset>
